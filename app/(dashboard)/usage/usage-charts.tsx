import { valueTicks } from '@/lib/ui/chart-scale';
import { truncateMiddle } from '@/lib/ui/format';
import type { UsageRow } from '@/lib/usage/rows';

// Drawn on the server as plain HTML bars: a chart library cost the page ~120 KiB of gzip JavaScript
// (more than the rest of the page together) for three bar charts whose figures the table repeats.
type ChartSpec = {
  title: string;
  description: string;
  wholeNumbers: boolean;
  bars: { key: 'client' | 'ai' | 'operator' | 'units' | 'conversations'; name: string; colour: string }[];
};

const CHARTS: ChartSpec[] = [
  {
    title: 'Messages by role',
    description: 'Per robot, stacked: client, AI and operator messages.',
    wholeNumbers: true,
    bars: [
      { key: 'client', name: 'Client', colour: '#2457d6' },
      { key: 'ai', name: 'AI', colour: '#0f9d76' },
      { key: 'operator', name: 'Operator', colour: '#d97706' },
    ],
  },
  {
    title: 'Units',
    description: 'What billing uses: 1 per message, 2 on the enhanced-accuracy model.',
    wholeNumbers: false,
    bars: [{ key: 'units', name: 'Units', colour: '#7c3aed' }],
  },
  {
    title: 'Conversations',
    description: 'Conversations with at least one message in the window.',
    wholeNumbers: true,
    bars: [{ key: 'conversations', name: 'Conversations', colour: '#0e7490' }],
  },
];

const figure = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

function Chart({ chart, rows }: { chart: ChartSpec; rows: UsageRow[] }) {
  const ticks = valueTicks(Math.max(0, ...rows.map((r) => chart.bars.reduce((n, b) => n + r[b.key], 0))), chart.wholeNumbers);
  const top = ticks[ticks.length - 1] ?? 1;
  const percent = (value: number) => `${(value / top) * 100}%`;
  // More bars than fit upright labels side by side in the narrowest card.
  const crowded = rows.length > 12;
  return (
    <figure className="@container rounded-lg border border-slate-200 bg-white p-4">
      <figcaption>
        <p className="font-semibold">{chart.title}</p>
        <p className="text-xs text-slate-600">{chart.description}</p>
      </figcaption>
      {chart.bars.length > 1 && (
        <ul className="mt-2 flex flex-wrap justify-center gap-4 text-xs text-slate-700">
          {chart.bars.map((bar) => (
            <li key={bar.key} className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-2.5" style={{ backgroundColor: bar.colour }} />
              {bar.name}
            </li>
          ))}
        </ul>
      )}
      {/* The bars are for the eye; the table below gives every figure to assistive technology. */}
      <div
        className="mt-3 flex h-72 text-[11px] text-slate-600"
        role="img"
        aria-label={`${chart.title} per robot (every figure is in the table below)`}
      >
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
              {rows.map((row, i) => (
                <div key={row.robotId} className="group relative flex h-full flex-1 flex-col-reverse" data-testid="chart-bar">
                  {chart.bars.map((bar) => (
                    <div key={bar.key} style={{ height: percent(row[bar.key]), backgroundColor: bar.colour }} />
                  ))}
                  <div
                    className={`pointer-events-none absolute top-0 z-10 hidden rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs whitespace-nowrap text-slate-800 shadow group-hover:block ${i < rows.length / 2 ? 'left-full ml-1' : 'right-full mr-1'}`}
                  >
                    <p className="font-medium" data-testid="chart-tooltip-label">
                      {row.name}
                    </p>
                    {chart.bars.map((bar) => (
                      <p key={bar.key}>
                        {bar.name}: {figure.format(row[bar.key])}
                      </p>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </div>
          {/* In a narrow card the labels stand upright, and in a very narrow one every other is left out, so none overlap (the table names every robot). */}
          <div className="flex h-[70px] gap-0.5 px-1 @max-xl:h-[110px]">
            {rows.map((row, i) => (
              <div key={row.robotId} className={`relative flex-1 ${crowded && i % 2 === 1 ? '@max-md:invisible' : ''}`}>
                <span
                  className="absolute top-1 right-1/2 origin-top-right -rotate-30 whitespace-nowrap @max-xl:top-0.5 @max-xl:-rotate-90"
                  data-testid="chart-axis-label"
                  title={row.name}
                >
                  {truncateMiddle(row.name, 18)}
                </span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </figure>
  );
}

export function UsageCharts({ rows }: { rows: UsageRow[] }) {
  return (
    <div className="grid gap-4 xl:grid-cols-2" data-testid="usage-charts">
      {CHARTS.map((chart) => (
        <Chart key={chart.title} chart={chart} rows={rows} />
      ))}
    </div>
  );
}
