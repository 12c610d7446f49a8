import type { z } from 'zod';
import type { settingsSchema } from '@/lib/config/settings';
import type { AddressPolicyOptions } from './address-policy';

export type AlertSettings = z.infer<
  ReturnType<typeof settingsSchema<'PARTNER_API_MODE' | 'ALERT_ALLOW_HTTP' | 'ALERT_ALLOW_PRIVATE_ADDRESSES'>>
>;

/**
 * The poster's options for this deployment. Against a real service only what the operator turned
 * on is allowed. The sandbox runs on this machine, so its destinations (a local receiver) are on
 * loopback and usually plain http; loopback is allowed there, and http only to loopback unless
 * ALERT_ALLOW_HTTP says otherwise.
 */
export function postingPolicy(env: AlertSettings): AddressPolicyOptions {
  const sandbox = env.PARTNER_API_MODE === 'sandbox';
  const httpEverywhere = env.ALERT_ALLOW_HTTP === 'on';
  return {
    allowHttp: httpEverywhere ? true : sandbox ? 'loopback' : false,
    allowPrivate: env.ALERT_ALLOW_PRIVATE_ADDRESSES === 'on',
    allowLoopback: sandbox,
  };
}
