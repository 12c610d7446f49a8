import { BarChart, type BarSeries } from '@/components/charts/bar-chart';
import type { UsageRow } from '@/lib/usage/rows';

type UsageKey = 'client' | 'ai' | 'operator' | 'units' | 'conversations';

type ChartSpec = {
  title: string;
  description: string;
  wholeNumbers: boolean;
  series: BarSeries<UsageKey>[];
};

const CHARTS: ChartSpec[] = [
  {
    title: 'Messages by role',
    description: 'Per robot, stacked: client, AI and operator messages.',
    wholeNumbers: true,
    series: [
      { key: 'client', name: 'Client', colour: '#2457d6' },
      { key: 'ai', name: 'AI', colour: '#0f9d76' },
      { key: 'operator', name: 'Operator', colour: '#d97706' },
    ],
  },
  {
    title: 'Units',
    description: 'What billing uses: 1 per message, 2 on the enhanced-accuracy model.',
    wholeNumbers: false,
    series: [{ key: 'units', name: 'Units', colour: '#7c3aed' }],
  },
  {
    title: 'Conversations',
    description: 'Conversations with at least one message in the window.',
    wholeNumbers: true,
    series: [{ key: 'conversations', name: 'Conversations', colour: '#0e7490' }],
  },
];

/** The usage report's three per-robot bar charts; the usage table below them gives every figure. */
export function UsageCharts({ rows }: { rows: UsageRow[] }) {
  const bars = rows.map((row) => ({
    id: row.robotId,
    label: row.name,
    values: { client: row.client, ai: row.ai, operator: row.operator, units: row.units, conversations: row.conversations },
  }));
  return (
    <div className="grid gap-4 xl:grid-cols-2" data-testid="usage-charts">
      {CHARTS.map((chart) => (
        <BarChart key={chart.title} {...chart} summary={`${chart.title} per robot (every figure is in the table below)`} bars={bars} />
      ))}
    </div>
  );
}
