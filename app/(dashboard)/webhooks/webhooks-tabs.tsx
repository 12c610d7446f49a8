import Link from 'next/link';

export function WebhooksTabs({ current }: { current: 'deliveries' | 'events' }) {
  const tab = (key: 'deliveries' | 'events', href: string, label: string) => (
    <Link
      href={href}
      aria-current={current === key ? 'page' : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${current === key ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Webhooks sections" className="mb-6 flex gap-2">
      {tab('deliveries', '/webhooks', 'Deliveries')}
      {tab('events', '/webhooks/events', 'Events received')}
    </nav>
  );
}
