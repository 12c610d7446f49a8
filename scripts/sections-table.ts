/**
 * The README's table of pages, made from the section list (lib/navigation/sections.ts).
 * `npm run sections` rewrites the table between its markers; a unit test fails while it is stale.
 */
import fs from 'node:fs';
import { SECTIONS } from '../lib/navigation/sections';

export const README_FILE = 'README.md';
export const TABLE_START = '<!-- sections: made by `npm run sections` from lib/navigation/sections.ts -->';
export const TABLE_END = '<!-- /sections -->';

export function sectionsTable(): string {
  const rows = SECTIONS.map((s) => {
    const more = (s.pages ?? []).map((p) => `\`${p.replace(/\{(\w+)\}/g, ':$1')}\``).join(', ');
    return `| ${s.label} | \`${s.href}\` | ${s.summary}${s.adminOnly ? ' (admins)' : ''} | ${more || '—'} |`;
  });
  return ['| section | address | what it is for | further pages |', '|---|---|---|---|', ...rows].join('\n');
}

/** The README with its table of pages made anew; throws when the markers are missing. */
export function withSectionsTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${README_FILE} lacks the markers of the table of pages`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${sectionsTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  fs.writeFileSync(README_FILE, withSectionsTable(fs.readFileSync(README_FILE, 'utf8')));
  console.log(`${README_FILE}: table of pages made from ${SECTIONS.length} sections`);
}
