'use client';

import { usePathname } from 'next/navigation';
import { isInSection, navSections } from '@/lib/navigation/sections';
import { IntentLink } from './intent-link';

export function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  // Null only under the pages router, which serves no page here (pages/ holds one API route).
  const pathname = usePathname() ?? '';
  return (
    <nav aria-label="Main" className="px-3 pb-4">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {navSections(isAdmin).map((s) => {
          const current = isInSection(s, pathname);
          return (
            <li key={s.href}>
              <IntentLink
                href={s.href}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {s.label}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
