import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { everyPagePath, isInSection, navSections, SECTIONS } from '@/lib/navigation/sections';
import { README_FILE, withSectionsTable } from '@/scripts/sections-table';

const ids = { robotId: 'rb_1', deliveryId: 'dl 2', conversationId: 'cv_3' };
const source = (file: string) => fs.readFileSync(file, 'utf8');

describe('the one list of sections', () => {
  it('gives every page of every section, the overview at / first, with the walk ids filled in', () => {
    const paths = everyPagePath(ids);
    expect(paths[0]).toBe('/');
    expect(paths).toContain('/robots/rb_1');
    expect(paths).toContain('/webhooks/deliveries/dl%202');
    expect(paths).toContain('/conversations?conversation=cv_3');
    expect(paths.filter((p) => p.includes('{'))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(SECTIONS.map((s) => s.href)).toEqual(paths.filter((p) => SECTIONS.some((s) => s.href === p)));
  });

  it('shows admins every section and viewers all but the admins-only ones', () => {
    expect(navSections(true)).toEqual([...SECTIONS]);
    expect(navSections(false).map((s) => s.id)).toEqual(SECTIONS.filter((s) => !s.adminOnly).map((s) => s.id));
  });

  it('marks the overview current only at / and a section on its pages below', () => {
    const [overview, robots] = SECTIONS;
    if (!overview || !robots) throw new Error('sections missing');
    expect(isInSection(overview, '/')).toBe(true);
    expect(isInSection(overview, '/robots')).toBe(false);
    expect(isInSection(robots, '/robots/rb_1')).toBe(true);
    expect(isInSection(robots, '/robotsx')).toBe(false);
  });

  it('is what the nav, the end-to-end walk and the page bench read: none keeps a list of its own', () => {
    const readers = {
      'components/nav-links.tsx': 'navSections(',
      'e2e/helpers.ts': 'everyPagePath(',
      'bench/pages-bench.ts': 'everyPagePath(',
    };
    for (const [file, call] of Object.entries(readers)) {
      const text = source(file);
      expect(text, `${file} reads the section list`).toContain(call);
      expect(text, `${file} imports it`).toMatch(/from '(@\/|\.\.\/)lib\/navigation\/sections'/);
      // A hand-kept list would name section addresses one a line, as array items.
      const literals = SECTIONS.filter((s) => s.href !== '/').filter((s) => new RegExp(`^\\s*'${s.href}',?$`, 'm').test(text));
      expect(
        literals.map((s) => s.href),
        `${file} keeps no list of its own`,
      ).toEqual([]);
    }
  });

  it("is the README's table of pages (run `npm run sections` after changing it)", () => {
    const readme = source(README_FILE);
    expect(withSectionsTable(readme)).toBe(readme);
  });
});
