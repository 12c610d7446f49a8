import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';

// A local JSON receiver standing in for a Slack or Teams incoming webhook: it keeps every alert posted to it.

export type Received = { occasion: string; kind?: string; since?: string | null; status_codes?: number[]; link?: string; text?: string };

export function startReceiver(): Promise<{ url: string; received: Received[]; close: () => void }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as Received);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => server.close() }),
    ),
  );
}

/**
 * Removes one alert destination on Settings and waits until the list is empty, so the next spec
 * starts with no destination. The removal re-renders the whole Settings page, which can take
 * longer than an assertion's usual 10 s on a loaded machine. When the list still shows something,
 * a reload tells the two failures apart (the store kept it, or only the page was not re-rendered)
 * and the error says which, with the page's own message. `onSettings`: the page is on Settings
 * already, so it is not opened again.
 */
export async function removeAlertDestination(page: Page, name: string, { onSettings = false } = {}): Promise<void> {
  if (!onSettings) await page.goto('/settings');
  await page.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  const listed = () => page.getByTestId('alert-destination').allTextContents();
  try {
    await expect.poll(listed, { timeout: 30_000 }).toEqual([]);
  } catch {
    const onPage = await listed();
    const said = await page.getByTestId('alert-destinations').locator('[aria-live]').allTextContents();
    await page.reload();
    const afterReload = await listed();
    throw new Error(
      `alert destinations left 30 s after removing ${name}: ${JSON.stringify(onPage)}; the page said ${JSON.stringify(said)}; ` +
        (afterReload.length
          ? `still listed after a reload: ${JSON.stringify(afterReload)}`
          : 'gone after a reload, so the page was not re-rendered'),
    );
  }
}
