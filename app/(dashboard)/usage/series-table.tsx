'use client';

import { Table, TableBody, TableCell, TableColumns, TableRow } from '@/components/ui/table';
import type { SeriesPoint } from '@/lib/usage-series/series';

// A client component for its payload, not for interaction: the page carries each day's figures
// instead of the table's markup a second time (365 rows of seven cells on a year's window).

const STATE_WORDS: Record<SeriesPoint['state'], string> = {
  closed: 'Final',
  provisional: 'Provisional',
  not_read: 'Not read yet',
};

const figure = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-GB'));

const FIGURES: { key: 'client' | 'ai' | 'operator' | 'messages' | 'units'; label: string }[] = [
  { key: 'client', label: 'Client' },
  { key: 'ai', label: 'AI' },
  { key: 'operator', label: 'Operator' },
  { key: 'messages', label: 'Messages' },
  { key: 'units', label: 'Units' },
];

/** Each day of the series as the charts draw it, for screen readers and for reading the figures. */
export function SeriesTable({ points }: { points: SeriesPoint[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">Each day&apos;s figures as a table</summary>
      <Table frameClassName="mt-2" data-testid="series-table">
        <TableColumns names={['Day (UTC)', 'State', ...FIGURES.map((f) => f.label)]} />
        <TableBody>
          {points.map((p) => (
            <TableRow key={p.day} data-state={p.state}>
              <TableCell data-label="Day (UTC)">{p.day}</TableCell>
              <TableCell data-label="State">{STATE_WORDS[p.state]}</TableCell>
              {FIGURES.map((f) => (
                <TableCell key={f.key} data-label={f.label} numeric>
                  {figure(p[f.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  );
}
