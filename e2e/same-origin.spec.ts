import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { E2E } from './e2e-env';
import { expect, logIn, test } from './fixtures';
import { newConversation } from './helpers';

// Another origin of the same site (here another port on localhost, as a sibling app would be) gets
// the dashboard's session cookie sent along with its requests. Route handlers that change things
// must refuse those requests, as server actions do.

// Smallest valid PNG (1×1), so the sandbox's content sniffing sees a real image.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A page on a port of its own that serves nothing but an empty document. */
async function foreignSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Elsewhere</title>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Posts a 1×1 PNG to the upload relay from whatever page `page` shows, with its cookies; the answer's status. */
async function uploadFrom(page: Page, conversationId: string): Promise<number> {
  const target = `${E2E.dashboardUrl}/api/attachments`;
  const answer = page.waitForResponse((res) => res.url() === target && res.request().method() === 'POST');
  await page.evaluate(
    async ({ target, conversationId, png }) => {
      const body = new FormData();
      body.append('conversation_id', conversationId);
      body.append('file', new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'pixel.png', { type: 'image/png' }));
      // From another origin the answer is opaque to the page; the test reads its status from the network.
      await fetch(target, { method: 'POST', body, credentials: 'include', mode: 'no-cors' });
    },
    { target, conversationId, png: PNG_BASE64 },
  );
  return (await answer).status();
}

async function uploadsLogged(page: Page, conversationId: string): Promise<number> {
  const audit = await page.context().newPage();
  await audit.goto(`/audit?action=attachment.upload&target=${encodeURIComponent(`conversation:${conversationId}`)}`);
  const count = await audit.getByTestId('audit-row').count();
  await audit.close();
  return count;
}

test('a page on another origin cannot upload with the session cookie; the dashboard’s own page can', async ({ page, control }) => {
  const { conversationId } = await newConversation(control);
  await logIn(page, 'admin');
  const elsewhere = await foreignSite();
  try {
    await page.goto(elsewhere.url);
    expect(await uploadFrom(page, conversationId)).toBe(403);
    expect(await uploadsLogged(page, conversationId)).toBe(0);

    await page.goto('/robots');
    expect(await uploadFrom(page, conversationId)).toBe(201);
    expect(await uploadsLogged(page, conversationId)).toBe(1);
  } finally {
    await elsewhere.close();
  }
});

test('a forged Origin is refused with its reason, before anything is read; the own origin passes', async ({ page }) => {
  await logIn(page, 'admin');
  const resume = (origin: string) =>
    page.request.post('/api/handshakes/resume', { headers: { origin }, data: { url: 'https://consent.example/never-started' } });

  const forged = await resume('http://localhost:1');
  expect(forged.status()).toBe(403);
  const refusal = (await forged.json()) as { error: { code: string; message: string } };
  expect(refusal.error.code).toBe('cross_origin_request');
  expect(refusal.error.message).toContain(`It came from http://localhost:1, not from ${E2E.dashboardUrl}.`);

  // Past the gate, the handler answers for itself: this URL belongs to no handshake we started.
  const own = await resume(E2E.dashboardUrl);
  expect(own.status()).toBe(404);

  const noOrigin = await page.request.post('/api/attachments', { multipart: { conversation_id: 'conv_x' } });
  expect(noOrigin.status()).toBe(403);
  expect(((await noOrigin.json()) as { error: { message: string } }).error.message).toContain('neither Sec-Fetch-Site nor Origin');
});
