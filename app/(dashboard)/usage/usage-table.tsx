import Link from 'next/link';
import { sourceKeys, USAGE_COLUMNS, type UsageRow } from '@/lib/usage/rows';

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function UsageTable({ rows }: { rows: UsageRow[] }) {
  const sources = sourceKeys(rows);
  return (
    <div className="mt-6 rounded-lg border border-slate-200 bg-white md:overflow-x-auto">
      <table className="stack-table w-full text-left text-sm" data-testid="usage-table">
        <caption className="sr-only">Usage per robot in the window</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {USAGE_COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={`px-3 py-2 font-medium ${typeof rows[0]?.[c.key] === 'number' ? 'text-right' : ''}`}>
                {c.label}
              </th>
            ))}
            {sources.map((s) => (
              <th key={s} scope="col" className="px-3 py-2 text-right font-medium">
                {s} (conv. / msg.)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.robotId} className="border-t border-slate-100" data-testid="usage-row">
              {USAGE_COLUMNS.map((c) => {
                const value = row[c.key];
                return c.key === 'name' ? (
                  <th key={c.key} scope="row" className="px-3 py-2 font-medium" data-label={c.label}>
                    <Link className="text-brand-700 underline" href={`/robots/${encodeURIComponent(row.robotId)}`}>
                      {row.name}
                    </Link>
                  </th>
                ) : (
                  <td
                    key={c.key}
                    data-label={c.label}
                    className={`px-3 py-2 ${typeof value === 'number' ? 'text-right tabular-nums' : 'font-mono text-xs whitespace-nowrap'}`}
                  >
                    {typeof value === 'number' ? number.format(value) : value || '—'}
                  </td>
                );
              })}
              {sources.map((s) => (
                <td key={s} data-label={`${s} (conv. / msg.)`} className="px-3 py-2 text-right tabular-nums">
                  {row.bySource?.[s] ? `${number.format(row.bySource[s].conversations)} / ${number.format(row.bySource[s].messages)}` : '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
