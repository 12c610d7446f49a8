/**
 * What every data loader answers: the data (with whatever the loader adds beside it, such as how
 * fresh it is), or the failure its call met. The failure is the error object itself (the API's
 * refusal, a timeout, the spent call budget, no connection): lib/ names what went wrong, and the
 * app edge words it for people (app/_errors/display-error.ts).
 */
export type Loaded<T, Extra extends object = object> = ({ ok: true; data: T } & Extra) | { ok: false; error: LoadFailure };

/** A failure as loaders hand it on: always an Error, so its class says what kind it is. */
export type LoadFailure = Error;

export const loadFailure = (err: unknown): LoadFailure => (err instanceof Error ? err : new Error(String(err)));

/** Runs one loader's calls and answers in the one shape. */
export async function load<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await read() };
  } catch (err) {
    return { ok: false, error: loadFailure(err) };
  }
}
