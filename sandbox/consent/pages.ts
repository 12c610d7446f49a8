import { escapeHtml } from '../http/html';
import { ownEntry } from '../own-entry';

/**
 * The sandbox's stand-in for the social platform's consent screen (D9) and its end screens. Plain,
 * self-contained HTML: no scripts or external assets, real buttons in POST forms, one h1 per page.
 * Every page takes the response's CSP nonce, which allows its one inline stylesheet.
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:34rem;padding:0 1rem;color:#1a1a1a}
main{border:1px solid #ccc;border-radius:8px;padding:1.5rem}
h1{font-size:1.4rem;margin-top:0}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #444;cursor:pointer;background:#fff;color:#1a1a1a}
button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.note{color:#444;font-size:.9rem}`;

function layout(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head><body>
<main>
${body}
</main>
<footer><p class="note">Sandbox stand-in for the social platform. Nothing here talks to a real platform.</p></footer>
</body></html>`;
}

const PERMISSIONS = [
  "Read and send the page's direct messages",
  "Read comments on the page's posts and reels, and reply to them",
  "See the page's name and profile picture",
] as const;

export interface ConsentPageInput {
  robotName: string;
  accountName: string;
  expiresAt: string;
  /** The consent URL; the buttons post to its `/approve` and `/deny`. */
  action: string;
  nonce: string;
}

export function consentPage(input: ConsentPageInput): string {
  const robot = escapeHtml(input.robotName);
  const partner = escapeHtml(input.accountName);
  return layout(
    `Allow ${input.accountName} to manage your messages?`,
    `<h1>Allow ${partner} to manage your page's messages?</h1>
<p><strong>${partner}</strong> asks for access for its assistant <strong>${robot}</strong>.</p>
<h2>It will be able to</h2>
<ul>
${PERMISSIONS.map((permission) => `<li>${escapeHtml(permission)}</li>`).join('\n')}
</ul>
<p class="note">This request expires at <time datetime="${escapeHtml(input.expiresAt)}">${escapeHtml(input.expiresAt)}</time>.</p>
<div class="actions">
<form method="post" action="${escapeHtml(input.action)}/approve"><button type="submit" name="decision" value="approve" class="primary">Approve</button></form>
<form method="post" action="${escapeHtml(input.action)}/deny"><button type="submit" name="decision" value="deny">Deny</button></form>
</div>`,
    input.nonce,
  );
}

export function expiredPage(continueUrl: string, nonce: string): string {
  return layout(
    'This request has expired',
    `<h1>This request has expired</h1>
<p>The time to answer this access request ran out. Start again from the partner's site to get a new request.</p>
<p><a href="${escapeHtml(continueUrl)}">Back to the partner's site</a></p>`,
    nonce,
  );
}

const OUTCOME_TEXT: Record<string, string> = {
  connected: 'Access was approved and the channel is connected.',
  disabled: 'Access was approved; the channel is connected but disabled because the plan has no free channel slot.',
  denied: 'Access was denied; nothing was connected.',
  expired: 'The request expired before it was answered. Start again from the partner\u2019s site.',
};

export function usedPage(status: string, continueUrl: string, nonce: string): string {
  return layout(
    'This request was already answered',
    `<h1>This request was already answered</h1>
<p>${escapeHtml(ownEntry(OUTCOME_TEXT, status) ?? 'The request has ended.')}</p>
<p><a href="${escapeHtml(continueUrl)}">Back to the partner's site</a></p>`,
    nonce,
  );
}

export function badDecisionPage(nonce: string): string {
  return layout(
    'Choose Approve or Deny',
    `<h1>Choose Approve or Deny</h1>
<p>The form was sent without a choice. Go back and press Approve or Deny.</p>`,
    nonce,
  );
}

export function unknownPage(nonce: string): string {
  return layout(
    'Request not found',
    `<h1>Request not found</h1>
<p>This access request does not exist. Start again from the partner's site.</p>`,
    nonce,
  );
}

export function tooLargePage(limit: number, nonce: string): string {
  return layout(
    'Form too large',
    `<h1>Form too large</h1>
<p>The form sent is over ${limit} bytes, so nothing was read or decided. Go back and press Approve or Deny.</p>`,
    nonce,
  );
}

export function donePage(status: string | undefined, nonce: string): string {
  // `status` is the query of a URL anyone can type: only the table's own outcomes are shown.
  const text = status === undefined ? undefined : ownEntry(OUTCOME_TEXT, status);
  return layout(
    'Authorisation finished',
    `<h1>Authorisation finished</h1>
<p>${escapeHtml(text ?? 'The access request has ended.')}</p>
<p>The partner has no return address configured, so you landed on this page. You can close it.</p>`,
    nonce,
  );
}
