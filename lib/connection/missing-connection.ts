/** Why no call can be made: a saved key that cannot be read, or neither an address nor a key at all. */
export type MissingConnectionReason = 'unreadable_key' | 'not_configured';

/** Thrown when neither the environment nor the Settings page gave us a usable address and key; app/_errors words it. */
export class MissingConnectionError extends Error {
  override name = 'MissingConnectionError';
  constructor(readonly reason: MissingConnectionReason) {
    super(reason === 'unreadable_key' ? 'the saved API key cannot be decrypted' : 'no Partner API address and key are configured');
  }
}
