'use client';

import Link from 'next/link';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { sourceKeys, USAGE_COLUMNS, type UsageRow } from '@/lib/usage/rows';

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

// A client component for its payload, not for interaction: the page carries the rows' figures
// instead of the table's markup a second time.

export function UsageTable({ rows }: { rows: UsageRow[] }) {
  const sources = sourceKeys(rows);
  return (
    <Table frameClassName="mt-6 md:overflow-x-auto" data-testid="usage-table">
      <TableCaption>Usage per robot in the window</TableCaption>
      <TableHeader>
        <tr>
          {USAGE_COLUMNS.map((c) => (
            <TableHead key={c.key} numeric={typeof rows[0]?.[c.key] === 'number'}>
              {c.label}
            </TableHead>
          ))}
          {sources.map((s) => (
            <TableHead key={s} numeric>
              {s} (conv. / msg.)
            </TableHead>
          ))}
        </tr>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.robotId} data-testid="usage-row">
            {USAGE_COLUMNS.map((c) => {
              const value = row[c.key];
              return c.key === 'name' ? (
                <TableHead key={c.key} scope="row" data-label={c.label}>
                  <Link className="text-brand-700 underline" href={`/robots/${encodeURIComponent(row.robotId)}`}>
                    {row.name}
                  </Link>
                </TableHead>
              ) : (
                <TableCell
                  key={c.key}
                  data-label={c.label}
                  numeric={typeof value === 'number'}
                  className={typeof value === 'number' ? undefined : 'font-mono text-xs whitespace-nowrap'}
                >
                  {typeof value === 'number' ? number.format(value) : value || '—'}
                </TableCell>
              );
            })}
            {sources.map((s) => (
              <TableCell key={s} data-label={`${s} (conv. / msg.)`} numeric>
                {row.bySource?.[s] ? `${number.format(row.bySource[s].conversations)} / ${number.format(row.bySource[s].messages)}` : '—'}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
