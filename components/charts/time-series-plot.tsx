'use client';

import { Area, AreaChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useEffect, useRef, useState } from 'react';
import { FAINT_STROKE, type TimeSeriesPlotProps } from './time-series-types';
import { daysFit, WEEK_DAYS, weeklyPoints } from './weekly-points';
import { hasIsolatedValue, tickInterval } from './plot-layout';

// recharts is about 120 KiB of gzip JavaScript: this module is only ever imported through
// time-series-chart-loader.tsx, which puts it in its own chunk fetched once a chart is on screen.

const TIME_FORMAT = {
  day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  minute: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }),
} as const;
const figure = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const TICK_STYLE = { fontSize: 11, fill: '#475569' };
const Y_AXIS_WIDTH = 48;
// Room on the right for the last time label, centred on the plot's right edge.
const MARGIN = { top: 8, right: 20, bottom: 0, left: 0 };

type Size = { width: number; height: number };

/** The size of the element the ref is on, following resizes; null until measured. */
function useSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measured = (width: number, height: number) =>
      setSize((was) => (was?.width === width && was.height === height ? was : { width, height }));
    measured(box.clientWidth, box.clientHeight);
    const observer = new ResizeObserver(([entry]) => entry && measured(entry.contentRect.width, entry.contentRect.height));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

export default function TimeSeriesPlot(props: TimeSeriesPlotProps) {
  // The box below the weekly note: as wide as the chart, and as tall as what is left for the plot.
  const [plotRef, plot] = useSize();
  const width = plot?.width ?? null;
  const weekly = props.timeFormat === 'day' && width !== null && !daysFit(props.points.length, width);
  const drawn = weekly
    ? weeklyPoints(
        props.points,
        props.series.map((s) => s.key),
      )
    : props.points;
  return (
    <div className="flex h-full flex-col" data-drawn-points={plot === null ? undefined : drawn.length}>
      {weekly && (
        <p className="text-xs text-slate-600" data-testid="weekly-points">
          Weekly totals (UTC weeks from Monday; the first and last may be partial): {props.points.length} days do not fit this width; the
          table gives each day.
        </p>
      )}
      <div ref={plotRef} className="min-h-0 flex-1">
        {plot !== null && plot.width > 0 && plot.height > 0 && <Plot {...props} points={drawn} weekly={weekly} size={plot} />}
      </div>
    </div>
  );
}

// Every part is drawn still (isAnimationActive={false}): recharts' growing-in animation re-renders
// the whole chart on each frame for about 1.5 s, which on a phone kept the page's main thread busy
// for seconds while it loaded (Total Blocking Time 1.4 s on the usage page under Lighthouse's
// mobile throttling, 0.9 s without it).
function Plot({
  points,
  series,
  kind,
  timeFormat,
  wholeNumbers,
  valueMax,
  weekly,
  size,
}: TimeSeriesPlotProps & { weekly: boolean; size: { width: number; height: number } }) {
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
      <XAxis
        dataKey="t"
        tickFormatter={formatTime}
        interval={tickInterval(points.length, size.width - Y_AXIS_WIDTH - MARGIN.left - MARGIN.right)}
        tick={TICK_STYLE}
      />
      <YAxis
        allowDecimals={!wholeNumbers}
        {...(valueMax !== undefined && { domain: [0, valueMax] })}
        width={Y_AXIS_WIDTH}
        interval={0}
        tick={TICK_STYLE}
        tickFormatter={(v: number) => figure.format(v)}
      />
      <Tooltip
        isAnimationActive={false}
        contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#e2e8f0' }}
        labelFormatter={(label) => formatLabel(label)}
        formatter={(value) => (typeof value === 'number' ? figure.format(value) : value)}
      />
    </>
  );
  const chart = { data: points, width: size.width, height: size.height, margin: MARGIN };
  return kind === 'area' ? (
    <AreaChart {...chart}>
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
    <LineChart {...chart}>
      {axes}
      {series.map((s) => (
        <Line
          key={s.key}
          type="monotone"
          dataKey={s.key}
          name={s.name}
          stroke={s.colour}
          strokeWidth={s.faint ? 1.5 : 2}
          {...(s.faint && FAINT_STROKE)}
          // A value between two gaps draws no line, so such a value needs a dot to be seen; a dot on
          // every value would cost a component each and say nothing the line does not.
          dot={!s.faint && hasIsolatedValue(points, s.key) ? { r: 2 } : false}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
