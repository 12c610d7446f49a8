/** Reads `?page=` (1-based). Bad input falls back to page 1 and says so instead of failing the page. */
export function readPageParam(raw: string | string[] | undefined): { page: number; problem?: string } {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return { page: 1 };
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    return { page: 1, problem: `“${value.slice(0, 40)}” is not a page number, so page 1 is shown.` };
  }
  return { page: Number(value) };
}

export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}
