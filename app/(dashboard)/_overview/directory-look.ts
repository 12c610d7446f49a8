import 'server-only';
import { cache } from 'react';
import { lookAtNewest } from '@/lib/robots/robots';

/**
 * One look at the newest page of robots per overview render (one call), shared by the cards that
 * read the directory, so channels the service turned off show on this view rather than at the
 * background's next look. A failed look changes nothing: the cards show what the store holds, and a
 * refused key is already noted by the client.
 */
export const lookBeforeReading = cache(async (): Promise<void> => {
  try {
    await lookAtNewest();
  } catch {
    // Shown by the cards' own figures (the directory's age) and the attention list (the key).
  }
});
