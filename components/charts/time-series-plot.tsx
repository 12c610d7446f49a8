'use client';

import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useEffect, useRef, useState } from 'react';
import type { TimeSeriesPlotProps } from './time-series-types';
import { daysFit, WEEK_DAYS, weeklyPoints } from './weekly-points';

// recharts is about 120 KiB of gzip JavaScript: this module is only ever imported through
// time-series-chart-loader.tsx, which puts it in its own chunk fetched after the page has painted.

const TIME_FORMAT = {
  day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  minute: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }),
} as const;
const figure = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** The width of the element the ref is on, following resizes; null until measured. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    setWidth(box.clientWidth);
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export default function TimeSeriesPlot(props: TimeSeriesPlotProps) {
  const [ref, width] = useWidth();
  const weekly = props.timeFormat === 'day' && width !== null && !daysFit(props.points.length, width);
  const drawn = weekly
    ? weeklyPoints(
        props.points,
        props.series.map((s) => s.key),
      )
    : props.points;
  return (
    <div ref={ref} className="flex h-full flex-col" data-drawn-points={width === null ? undefined : drawn.length}>
      {weekly && (
        <p className="text-xs text-slate-600" data-testid="weekly-points">
          Weekly totals (UTC weeks from Monday; the first and last may be partial): {props.points.length} days do not fit this width; the
          table gives each day.
        </p>
      )}
      <div className="min-h-0 flex-1">{width !== null && <Plot {...props} points={drawn} weekly={weekly} />}</div>
    </div>
  );
}

// Every part is drawn still (isAnimationActive={false}): recharts' growing-in animation re-renders
// the whole chart on each frame for about 1.5 s, which on a phone kept the page's main thread busy
// for seconds while it loaded (Total Blocking Time 1.4 s on the usage page under Lighthouse's
// mobile throttling, 0.9 s without it).
function Plot({ points, series, kind, timeFormat, wholeNumbers, valueMax, weekly }: TimeSeriesPlotProps & { weekly: boolean }) {
  const formatTime = (value: unknown) => (typeof value === 'string' ? TIME_FORMAT[timeFormat].format(new Date(value)) : '');
  const weekDays = new Map(points.map((p) => [p.t, p[WEEK_DAYS]]));
  // A partial week at the window's edge is a smaller total, not a drop: its label says so.
  const formatLabel = (value: unknown) => {
    if (!weekly) return formatTime(value);
    const days = typeof value === 'string' ? weekDays.get(value) : undefined;
    return `Week from ${formatTime(value)}${days === 7 ? '' : ` (${String(days)} of 7 days)`}`;
  };
  const axes = (
    <>
      <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="t" tickFormatter={formatTime} minTickGap={16} tick={{ fontSize: 11, fill: '#475569' }} />
      <YAxis
        allowDecimals={!wholeNumbers}
        {...(valueMax !== undefined && { domain: [0, valueMax] })}
        width={48}
        tick={{ fontSize: 11, fill: '#475569' }}
        tickFormatter={(v: number) => figure.format(v)}
      />
      <Tooltip
        isAnimationActive={false}
        contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#e2e8f0' }}
        labelFormatter={(label) => formatLabel(label)}
        formatter={(value) => (typeof value === 'number' ? figure.format(value) : value)}
      />
      {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
    </>
  );
  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === 'area' ? (
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {axes}
          {series.map((s) => (
            <Area
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stackId="total"
              stroke={s.colour}
              fill={s.colour}
              fillOpacity={0.25}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      ) : (
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {axes}
          {series.map((s) => (
            // A value between two gaps draws no line, so each value gets a small dot to stay visible.
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.colour}
              strokeWidth={s.faint ? 1.5 : 2}
              {...(s.faint && { strokeOpacity: 0.45, strokeDasharray: '4 3' })}
              dot={s.faint ? false : { r: 2 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
