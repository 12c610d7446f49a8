import type { Request } from '@playwright/test';
import { SECTIONS, isInSection } from '../lib/navigation/sections';
import { expect, logIn, test } from './fixtures';
import { newConversation } from './helpers';

/** The thread view's AutoRefresh period (app/(dashboard)/conversations/page.tsx). */
const REFRESH_EVERY_MS = 5_000;
const IDLE_MS = 20_000;

type Sent = { method: string; url: URL; prefetch: boolean };

async function describe(req: Request): Promise<Sent> {
  const headers = await req.allHeaders();
  return { method: req.method(), url: new URL(req.url()), prefetch: headers['next-router-prefetch'] !== undefined };
}

const show = (sent: Sent[]) => sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}${s.prefetch ? ' (prefetch)' : ''}`);

test('an idle conversation costs only its own refresh; menu links prefetch on intent', async ({ page, control }) => {
  const { conversationId } = await newConversation(control);
  await logIn(page, 'admin');
  await page.goto(`/conversations?conversation=${conversationId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Conversation with');
  await page.waitForLoadState('networkidle');
  // The pointer stays where the sign-in button was, which may now be over a menu link: that would
  // be intent, and this window is about a tab nobody touches.
  await page.getByRole('heading', { level: 1 }).hover();
  await page.waitForLoadState('networkidle');

  const requests: Request[] = [];
  const listen = (req: Request) => requests.push(req);
  page.on('request', listen);
  await page.waitForTimeout(IDLE_MS);
  page.off('request', listen);
  const sent = await Promise.all(requests.map(describe));

  const isRefresh = (s: Sent) =>
    s.method === 'GET' &&
    !s.prefetch &&
    s.url.pathname === '/conversations' &&
    s.url.searchParams.get('conversation') === conversationId &&
    s.url.searchParams.has('_rsc');
  const refreshes = sent.filter(isRefresh);
  const otherMenuPages = sent.filter((s) =>
    SECTIONS.some((section) => section.id !== 'conversations' && isInSection(section, s.url.pathname)),
  );

  expect(show(otherMenuPages), 'no other menu page is fetched while the tab is idle').toEqual([]);
  expect(show(sent.filter((s) => !isRefresh(s))), 'nothing but the refresh itself is sent').toEqual([]);
  // 20 s at one refresh per 5 s is 4 refreshes; one more when a tick lands on either edge of the
  // window. Before intent-only prefetching each refresh also re-fetched every menu link (about 12
  // requests per refresh), so any prefetch at all breaks this bound. At least 2 shows the page did
  // refresh, so an empty window cannot pass for a quiet one.
  expect(refreshes.length).toBeGreaterThanOrEqual(2);
  expect(refreshes.length).toBeLessThanOrEqual(IDLE_MS / REFRESH_EVERY_MS + 1);

  // Intent still prefetches, so the menu stays quick once someone reaches for it.
  const robotsPrefetch = page.waitForRequest(
    (req) => new URL(req.url()).pathname === '/robots' && req.headers()['next-router-prefetch'] !== undefined,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Robots' }).hover();
  await robotsPrefetch;
});
