'use client';

import { useState } from 'react';
import { valueTicks } from '@/lib/ui/chart-scale';
import { truncateMiddle } from '@/lib/ui/format';
import { ChartFigure } from './chart-figure';

// Drawn as plain HTML bars: a chart library cost a page ~120 KiB of gzip JavaScript (more than the
// rest of the page together) for bar charts whose figures a table beside them repeats. A client
// component for its payload, not for interaction: the page then carries the bars' figures (a few
// KiB) instead of their markup twice over (about 37 KiB for three charts of 21 bars), which the
// server no longer writes into the page nor the browser reads back at hydration. A bar's tooltip is
// made when the pointer reaches it: one hidden tooltip per bar was a fifth of the usage page's
// elements (three charts of 21 bars), all rendered on the server and hydrated for nothing.

/** One stacked part of every bar: the value under `key` in each bar's values. */
export interface BarSeries<K extends string> {
  key: K;
  name: string;
  colour: string;
}

export interface Bar<K extends string> {
  id: string;
  label: string;
  values: Record<K, number>;
}

export interface BarChartProps<K extends string> {
  title: string;
  description: string;
  /** The chart's accessible name; it should say where the figures can be read, since the bars only show them. */
  summary: string;
  /** Counts never get a step below one on the value axis. */
  wholeNumbers: boolean;
  series: BarSeries<K>[];
  bars: Bar<K>[];
}

const figure = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** Vertical bars, stacked when there is more than one series, with each bar's figures on hover. */
export function BarChart<K extends string>({ title, description, summary, wholeNumbers, series, bars }: BarChartProps<K>) {
  const [pointedAt, setPointedAt] = useState<string | null>(null);
  const ticks = valueTicks(Math.max(0, ...bars.map((bar) => series.reduce((n, s) => n + bar.values[s.key], 0))), wholeNumbers);
  const top = ticks[ticks.length - 1] ?? 1;
  const percent = (value: number) => `${(value / top) * 100}%`;
  // More bars than fit upright labels side by side in the narrowest card.
  const crowded = bars.length > 12;
  return (
    <ChartFigure title={title} description={description} className="@container">
      {series.length > 1 && (
        <ul className="mt-2 flex flex-wrap justify-center gap-4 text-xs text-slate-700">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-2.5" style={{ backgroundColor: s.colour }} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      {/* The bars are for the eye; the summary says where assistive technology finds every figure. */}
      <div className="mt-3 flex h-72 text-[11px] text-slate-600" role="img" aria-label={summary}>
        {/* Wide enough that the first bar's slanted label stays inside the card. */}
        <div className="relative mb-[70px] w-16 shrink-0 @max-xl:mb-[110px] @max-md:w-10">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-1.5 translate-y-1/2" style={{ bottom: percent(tick) }}>
              {figure.format(tick)}
            </span>
          ))}
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="relative flex-1 border-b border-slate-400">
            {ticks.slice(1).map((tick) => (
              <div key={tick} className="absolute inset-x-0 border-t border-dashed border-slate-200" style={{ bottom: percent(tick) }} />
            ))}
            <div className="absolute inset-0 flex items-end gap-0.5 px-1">
              {bars.map((bar, i) => (
                <div
                  key={bar.id}
                  className="chart-bar"
                  data-testid="chart-bar"
                  onPointerEnter={() => setPointedAt(bar.id)}
                  onPointerLeave={() => setPointedAt((at) => (at === bar.id ? null : at))}
                >
                  {series.map((s) => (
                    <div key={s.key} style={{ height: percent(bar.values[s.key]), backgroundColor: s.colour }} />
                  ))}
                  {pointedAt === bar.id && (
                    <div className={`chart-tip ${i < bars.length / 2 ? 'left-full ml-1' : 'right-full mr-1'}`}>
                      <p className="font-medium" data-testid="chart-tooltip-label">
                        {bar.label}
                      </p>
                      {series.map((s) => (
                        <p key={s.key}>
                          {s.name}: {figure.format(bar.values[s.key])}
                        </p>
                      ))}
                    </div>
                  )}
                </div>
              ))}
            </div>
          </div>
          {/* In a narrow card the labels stand upright, and in a very narrow one every other is left out, so none overlap (the table names every bar). */}
          <div className="flex h-[70px] gap-0.5 px-1 @max-xl:h-[110px]">
            {bars.map((bar, i) => (
              <div key={bar.id} className={`relative flex-1 ${crowded && i % 2 === 1 ? '@max-md:invisible' : ''}`}>
                <span className="chart-axis-label" data-testid="chart-axis-label" title={bar.label}>
                  {truncateMiddle(bar.label, 18)}
                </span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </ChartFigure>
  );
}
