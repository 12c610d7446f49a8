/** Thrown before a call the dashboard's share of the account's call budget has no room for; nothing was sent. */
export class CallBudgetSpentError extends Error {
  override name = 'CallBudgetSpentError';
  constructor(
    readonly allowance: number,
    readonly limit: number,
    readonly retryInSeconds: number,
  ) {
    super(
      `The dashboard's share of the API budget (${allowance} of ${limit} calls a minute) is spent; a slot frees in ${retryInSeconds} s.`,
    );
  }
}
