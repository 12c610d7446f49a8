/** Thrown when neither the environment nor the Settings page gave us an address and key. */
export class MissingConnectionError extends Error {
  override name = 'MissingConnectionError';
}
