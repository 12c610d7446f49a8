export { checkUrl, classifyAddress, decideAddresses, kindAllowed } from './address-policy';
export type { AddressDecision, AddressKind, AddressPolicyOptions } from './address-policy';
export { postingPolicy } from './posting-policy';
export type { AlertSettings } from './posting-policy';
export { DEFAULT_TIMEOUT_MS, EXCERPT_BYTES, pinnedLookup, postJson } from './safe-post';
export type { PostFailureReason, PostOptions, PostResult, ResolvedAddress, Resolver } from './safe-post';
export { alertEmail, sendEmail } from './send-email';
export type { AlertEmail, EmailOptions, EmailResult } from './send-email';
export { checkEmailAddresses, emailAddresses, MAX_EMAIL_ADDRESSES } from './email-addresses';
