import { firstParam, SAFE_ID, type SearchParams } from '@/lib/ui/search-params';
import type { ConversationSearch } from './search';

export type ParsedSearch = {
  search: ConversationSearch;
  page: number;
  /** What was typed, as typed, so the form shows it again beside its problem. */
  typed: Record<'customer' | 'robot' | 'from' | 'to' | 'q', string>;
  /** One sentence per field that could not be used; that field is left out of the search. */
  problems: Partial<Record<'customer' | 'robot' | 'from' | 'to' | 'q', string>>;
};

const MAX_TEXT = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value);

/** The conversations search as the URL states it; bad values are named, never silently dropped or thrown. */
export function parseConversationSearch(query: SearchParams): ParsedSearch {
  const read = (key: string) => (firstParam(query[key]) ?? '').trim();
  const typed = { customer: read('customer'), robot: read('robot'), from: read('from'), to: read('to'), q: read('q') };
  const problems: ParsedSearch['problems'] = {};
  const search: ConversationSearch = {};
  if (typed.customer) {
    if (typed.customer.length > MAX_TEXT) problems.customer = `A customer id is at most ${MAX_TEXT} characters.`;
    else search.customer = typed.customer;
  }
  if (typed.robot) {
    if (!SAFE_ID.test(typed.robot)) problems.robot = 'A robot id has letters, digits, _ and - only (like rb_…).';
    else search.robotId = typed.robot;
  }
  for (const key of ['from', 'to'] as const) {
    if (!typed[key]) continue;
    if (!isDay(typed[key])) problems[key] = 'Give a day as YYYY-MM-DD (UTC).';
    else search[key === 'from' ? 'fromDay' : 'toDay'] = typed[key];
  }
  if (search.fromDay && search.toDay && search.fromDay > search.toDay) {
    problems.to = 'The last day comes before the first.';
    delete search.toDay;
  }
  if (typed.q) {
    if (typed.q.length > MAX_TEXT) problems.q = `Search for at most ${MAX_TEXT} characters.`;
    else search.text = typed.q;
  }
  const page = Number(read('page'));
  return { search, page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1, typed, problems };
}

const filterParams = (typed: Partial<Record<string, string>>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(typed)) if (value) params.set(key, value);
  return params;
};

/** The URL of a search's page, keeping every filter. */
export function searchHref(typed: ParsedSearch['typed'], page: number): string {
  const params = filterParams(typed);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/conversations?${query}` : '/conversations';
}

/** The export of every conversation a search finds, or of one (`{ conversation }`), in a format. */
export function exportHref(typed: Partial<ParsedSearch['typed']> | { conversation: string }, format: 'csv' | 'json'): string {
  const params = filterParams(typed);
  params.set('format', format);
  return `/conversations/export?${params.toString()}`;
}
