/**
 * The dashboard's sections: the one list the nav, the end-to-end walk of every page, the page bench
 * and the README's table of pages are made from. Adding a page is an entry here plus its folder
 * under app/(dashboard)/ (docs/dashboard/add-a-page.md).
 *
 * Plain data with no imports, so a client component, a Playwright spec and a bench can all read it.
 */

export type SectionId =
  'overview' | 'robots' | 'usage' | 'webhooks' | 'conversations' | 'rules' | 'alerts' | 'settings' | 'team' | 'audit' | 'account';

/** Ids a walk fills into the pages below a section: a robot, a delivery and a conversation of its account. */
export type WalkIds = { robotId: string; deliveryId: string; conversationId: string };

export type Section = {
  id: SectionId;
  href: string;
  label: string;
  /** What a person finds there, in one line (the README's table). */
  summary: string;
  /** Only admins see it in the nav (the page itself refuses anyone else). */
  adminOnly?: boolean;
  /** Further pages of the section that a walk of every page opens, with `{robotId}`-style holes. */
  pages?: readonly string[];
};

export const SECTIONS: readonly Section[] = [
  { id: 'overview', href: '/', label: 'Overview', summary: 'what needs attention across the account, at a glance' },
  {
    id: 'robots',
    href: '/robots',
    label: 'Robots',
    summary: 'every robot, searchable; a robot’s channels: connect, enable, disable, capacity',
    pages: ['/robots/{robotId}'],
  },
  {
    id: 'usage',
    href: '/usage',
    label: 'Usage',
    summary: 'usage per day over time beside the window before, monthly thresholds with a forecast, per robot over a window; CSV exports',
  },
  {
    id: 'webhooks',
    href: '/webhooks',
    label: 'Webhooks',
    summary: 'deliveries the service sent, a test event, and the events our receiver stored',
    pages: ['/webhooks/deliveries/{deliveryId}', '/webhooks/events'],
  },
  {
    id: 'conversations',
    href: '/conversations',
    label: 'Conversations',
    summary: 'threads from received events, searchable; typing, attachments; retention and exports',
    pages: ['/conversations?conversation={conversationId}'],
  },
  { id: 'rules', href: '/rules', label: 'Rules', summary: 'look up a social-DM channel’s automation rule' },
  { id: 'alerts', href: '/alerts', label: 'Alerts', summary: 'incidents with their history, acknowledging, maintenance mutes' },
  {
    id: 'settings',
    href: '/settings',
    label: 'Settings',
    summary: 'the service address and key, the call budget, conversation retention, alert destinations',
  },
  { id: 'team', href: '/team', label: 'Team', summary: 'invitations, roles, password-reset links', adminOnly: true },
  { id: 'audit', href: '/audit', label: 'Audit log', summary: 'every change, sign-in and refusal; filter and export', adminOnly: true },
  { id: 'account', href: '/account', label: 'Your account', summary: 'your own password' },
];

/** The sections a person sees in the nav. */
export function navSections(isAdmin: boolean): Section[] {
  return SECTIONS.filter((section) => isAdmin || !section.adminOnly);
}

/** Whether `pathname` lies in the section (the overview only at `/` itself). */
export function isInSection(section: Section, pathname: string): boolean {
  if (section.href === '/') return pathname === '/';
  return pathname === section.href || pathname.startsWith(`${section.href}/`);
}

/** Every page of every section, in order, with the walk's ids filled in. */
export function everyPagePath(ids: WalkIds): string[] {
  const fill = (path: string) =>
    path.replace(/\{(robotId|deliveryId|conversationId)\}/g, (_hole, key: keyof WalkIds) => encodeURIComponent(ids[key]));
  return SECTIONS.flatMap((section) => [section.href, ...(section.pages ?? []).map(fill)]);
}
