import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'sandbox_panel_session';
export const CSRF_FIELD = '_csrf';
/** Wall time, not the sandbox clock: advancing the clock by days must not sign the operator out. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface Session {
  nonce: string;
  issuedAt: number;
}

/**
 * Signed panel sessions. The cookie holds `issuedAt.nonce.mac`, never the admin token, and the key
 * is random per running sandbox, so a restart signs everyone out and a stolen cookie is useless
 * against another sandbox. The CSRF token is an HMAC of the session nonce: a form posted from
 * another site cannot know it, and it needs no server-side storage.
 */
export function createSessions(key: Buffer = randomBytes(32), now: () => number = Date.now) {
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const same = (a: string, b: string) => {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  };

  return {
    issue(): { cookie: string; session: Session } {
      const session = { nonce: randomBytes(18).toString('base64url'), issuedAt: now() };
      const payload = `${session.issuedAt}.${session.nonce}`;
      return { cookie: `${payload}.${mac(`session.${payload}`)}`, session };
    },

    verify(cookie: string | undefined): Session | undefined {
      const match = cookie === undefined ? null : /^(\d{1,15})\.([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/.exec(cookie);
      if (!match) return undefined;
      const [, issued = '', nonce = '', signature = ''] = match;
      if (!same(signature, mac(`session.${issued}.${nonce}`))) return undefined;
      const issuedAt = Number(issued);
      if (now() - issuedAt > SESSION_TTL_MS || issuedAt - now() > 60_000) return undefined;
      return { nonce, issuedAt };
    },

    csrfToken(session: Session): string {
      return mac(`csrf.${session.nonce}`);
    },

    csrfValid(session: Session, presented: string | undefined): boolean {
      return presented !== undefined && same(presented, mac(`csrf.${session.nonce}`));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
