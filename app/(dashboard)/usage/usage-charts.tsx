'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsageRow } from '@/lib/usage-rows';

// Recharts is imported only here, so only the usage page's chunks carry it.
const ROLE_COLOURS = { client: '#2457d6', ai: '#0f9d76', operator: '#d97706' } as const;

function ChartCard({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption>
        <p className="font-semibold">{title}</p>
        <p className="text-xs text-slate-500">{description}</p>
      </figcaption>
      <div className="mt-3 h-72">{children}</div>
    </figure>
  );
}

export function UsageCharts({ rows }: { rows: UsageRow[] }) {
  // Long names would crowd the axis; the table below has them in full.
  const data = rows.map((r) => ({ ...r, label: r.name.length > 16 ? `${r.name.slice(0, 15)}…` : r.name }));
  return (
    <div className="grid gap-4 xl:grid-cols-2" data-testid="usage-charts">
      <ChartCard title="Messages by role" description="Per robot, stacked: client, AI and operator messages.">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ left: 8, right: 8, bottom: 24 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" angle={-30} textAnchor="end" interval={0} height={60} tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend verticalAlign="top" />
            <Bar dataKey="client" name="Client" stackId="role" fill={ROLE_COLOURS.client} isAnimationActive={false} />
            <Bar dataKey="ai" name="AI" stackId="role" fill={ROLE_COLOURS.ai} isAnimationActive={false} />
            <Bar dataKey="operator" name="Operator" stackId="role" fill={ROLE_COLOURS.operator} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Units" description="What billing uses: 1 per message, 2 on the enhanced-accuracy model.">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ left: 8, right: 8, bottom: 24 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" angle={-30} textAnchor="end" interval={0} height={60} tick={{ fontSize: 11 }} />
            <YAxis tick={{ fontSize: 11 }} />
            <Tooltip />
            <Bar dataKey="units" name="Units" fill="#7c3aed" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Conversations" description="Conversations with at least one message in the window.">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ left: 8, right: 8, bottom: 24 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" angle={-30} textAnchor="end" interval={0} height={60} tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Bar dataKey="conversations" name="Conversations" fill="#0e7490" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
