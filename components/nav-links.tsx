'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const SECTIONS = [
  { href: '/robots', label: 'Robots' },
  { href: '/usage', label: 'Usage' },
  { href: '/webhooks', label: 'Webhooks' },
  { href: '/conversations', label: 'Conversations' },
  { href: '/rules', label: 'Rules' },
  { href: '/settings', label: 'Settings' },
  { href: '/team', label: 'Team', adminOnly: true },
  { href: '/audit', label: 'Audit log', adminOnly: true },
  { href: '/account', label: 'Your account' },
] as const;

export function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  // Null only under the pages router, which serves no page here (pages/ holds one API route).
  const pathname = usePathname() ?? '';
  return (
    <nav aria-label="Main" className="px-3 pb-4">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {SECTIONS.filter((s) => isAdmin || !('adminOnly' in s)).map((s) => {
          const current = pathname === s.href || pathname.startsWith(`${s.href}/`);
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
