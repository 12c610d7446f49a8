import Link from 'next/link';

/** Page links kept in the URL, so a page can be bookmarked, shared and reloaded. */
export function PaginationNav({
  page,
  totalPages,
  hrefFor,
  label,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1);
  const linkClass = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100';
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={`${linkClass} opacity-40`} aria-disabled="true">
          Previous
        </span>
      )}
      {pages.map((p) =>
        p === page ? (
          <span key={p} aria-current="page" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white">
            {p}
          </span>
        ) : (
          <Link key={p} href={hrefFor(p)} className={linkClass} aria-label={`Page ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link href={hrefFor(page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      ) : (
        <span className={`${linkClass} opacity-40`} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
