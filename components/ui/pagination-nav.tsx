import Link from 'next/link';

/** The first, the last and two on each side of the current page; null where pages are left out. */
export function shownPages(page: number, totalPages: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= 2) shown.push(p);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

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
  const pages = shownPages(page, totalPages);
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
      {pages.map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-sm text-slate-500" aria-hidden="true">
            …
          </span>
        ) : p === page ? (
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
