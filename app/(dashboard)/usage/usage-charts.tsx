'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { truncateMiddle } from '@/lib/ui/format';
import type { UsageRow } from '@/lib/usage/rows';

// Recharts is imported only here, so only the usage page's chunks carry it.
type ChartSpec = {
  title: string;
  description: string;
  wholeNumbers: boolean;
  bars: { key: 'client' | 'ai' | 'operator' | 'units' | 'conversations'; name: string; colour: string; stack?: string }[];
};

const CHARTS: ChartSpec[] = [
  {
    title: 'Messages by role',
    description: 'Per robot, stacked: client, AI and operator messages.',
    wholeNumbers: true,
    bars: [
      { key: 'client', name: 'Client', colour: '#2457d6', stack: 'role' },
      { key: 'ai', name: 'AI', colour: '#0f9d76', stack: 'role' },
      { key: 'operator', name: 'Operator', colour: '#d97706', stack: 'role' },
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

export function UsageCharts({ rows }: { rows: UsageRow[] }) {
  // Long names would crowd the axis: shortened in the middle there, whole in the tooltip and the table.
  const names = new Map(rows.map((r) => [r.robotId, r.name]));
  const axisLabel = (robotId: string) => truncateMiddle(names.get(robotId) ?? robotId, 18);
  return (
    <div className="grid gap-4 xl:grid-cols-2" data-testid="usage-charts">
      {CHARTS.map((chart) => (
        <figure key={chart.title} className="rounded-lg border border-slate-200 bg-white p-4">
          <figcaption>
            <p className="font-semibold">{chart.title}</p>
            <p className="text-xs text-slate-500">{chart.description}</p>
          </figcaption>
          <div className="mt-3 h-72">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows} margin={{ left: 8, right: 8, bottom: 24 }} accessibilityLayer>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="robotId"
                  tickFormatter={axisLabel}
                  angle={-30}
                  textAnchor="end"
                  interval={0}
                  height={70}
                  tick={{ fontSize: 11 }}
                />
                <YAxis allowDecimals={!chart.wholeNumbers} tick={{ fontSize: 11 }} />
                <Tooltip labelFormatter={(robotId) => names.get(String(robotId)) ?? String(robotId)} />
                {chart.bars.length > 1 && <Legend verticalAlign="top" />}
                {chart.bars.map((bar) => (
                  <Bar key={bar.key} dataKey={bar.key} name={bar.name} stackId={bar.stack} fill={bar.colour} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      ))}
    </div>
  );
}
