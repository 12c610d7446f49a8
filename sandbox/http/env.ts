import type { AccountRow } from '../store/schema';
import type { ApiError } from './api-error';

export type AppEnv = {
  Variables: {
    requestId: string;
    /** Set by the /v1 auth middleware; read through `currentAccount`. */
    account: AccountRow | undefined;
    deferredBodyError: ApiError | undefined;
  };
};
