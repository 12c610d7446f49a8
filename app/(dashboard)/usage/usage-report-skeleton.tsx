/** Stands where the report will be while it is read: filters, totals, charts, table. */
export function UsageReportSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mt-4 space-y-4">
      <span className="sr-only">Loading usage…</span>
      <div className="h-16 animate-pulse rounded-lg bg-slate-200" />
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-slate-200" />
        ))}
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className="h-80 animate-pulse rounded-lg bg-slate-200" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-lg bg-slate-200" />
    </div>
  );
}
