/**
 * Where the service must send its webhooks and whether our receiver can take them: said the same
 * way in the start banner and on the Webhooks page, since the receiver answers 503 until both
 * settings are there.
 */
export const RECEIVER_PATH = '/api/webhooks/partner';
export const RECEIVER_TOKEN_HEADER = 'X-Webhook-Token';

export type ReceiverSetup = {
  configured: boolean;
  /** The URL to give the service. */
  url: string;
  tokenHeader: typeof RECEIVER_TOKEN_HEADER;
  /** The settings still to set, by name. */
  missing: ('PARTNER_WEBHOOK_SECRET' | 'PARTNER_WEBHOOK_TOKEN')[];
};

export function receiverSetup(settings: { publicOrigin: string; secret?: string | null; token?: string | null }): ReceiverSetup {
  const missing = [
    ...(settings.secret ? [] : (['PARTNER_WEBHOOK_SECRET'] as const)),
    ...(settings.token ? [] : (['PARTNER_WEBHOOK_TOKEN'] as const)),
  ];
  return {
    configured: missing.length === 0,
    url: `${settings.publicOrigin}${RECEIVER_PATH}`,
    tokenHeader: RECEIVER_TOKEN_HEADER,
    missing,
  };
}

/** One line for the operator's console. */
export function receiverBannerLine(setup: ReceiverSetup): string {
  const { url } = setup;
  return setup.configured
    ? `Receiver:  ${url} — in the service's panel, set this URL and the ${setup.tokenHeader} header to PARTNER_WEBHOOK_TOKEN's value`
    : `Receiver:  NOT configured — it answers 503 until ${setup.missing.join(' and ')} ${setup.missing.length > 1 ? 'are' : 'is'} set; then give the service ${url} with the ${setup.tokenHeader} header`;
}
