import 'server-only';
// Entry point of the Partner API client; see client.ts for the return shape of every method.
export * from './client';
export * from './errors';
export * from './schemas';
