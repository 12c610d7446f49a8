'use client';

import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TimeSeriesPlotProps } from './time-series-types';

// recharts is about 120 KiB of gzip JavaScript: this module is only ever imported through
// time-series-chart-loader.tsx, which puts it in its own chunk fetched after the page has painted.

const TIME_FORMAT = {
  day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  minute: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }),
} as const;
const figure = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export default function TimeSeriesPlot({ points, series, kind, timeFormat, wholeNumbers, valueMax }: TimeSeriesPlotProps) {
  const formatTime = (value: unknown) => (typeof value === 'string' ? TIME_FORMAT[timeFormat].format(new Date(value)) : '');
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
        contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#e2e8f0' }}
        labelFormatter={(label) => formatTime(label)}
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
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
