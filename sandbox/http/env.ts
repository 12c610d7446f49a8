import type { AccountRow } from '../store/schema';
import type { ApiError } from './api-error';

export type AppEnv = {
  Variables: {
    requestId: string;
    /** Set by the /v1 auth middleware; read through `currentAccount`. */
    account: AccountRow | undefined;
    /** The account on whose clock the request runs (http/account-clock.ts), for the `Date` header. */
    clockAccount?: string;
    deferredBodyError: ApiError | undefined;
    /** Set by a read route whose answer may be replayed (http/replay-cache.ts): its JSON, and until when (sandbox clock). */
    replay?: { answer: unknown; untilMs: number };
    /** Set by hono/secure-headers (http/security-headers.ts): the nonce of the page's inline stylesheet. */
    secureHeadersNonce?: string;
  };
};
