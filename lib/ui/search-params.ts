/** What Next hands a page as `searchParams`. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** A repeated query parameter counts by its first value. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Ids as the API hands them out; anything else from a URL or form never reaches a request path. */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
