import type { MessageRole, Source } from './conversation-vocabulary';
import type { Rng } from './prng';

// Plausible lines for simulated traffic; what they say does not matter, only that they read well
// in the panel and in webhook payloads.
const LINES: Record<MessageRole, readonly string[]> = {
  client: [
    'Hi! Is this still available?',
    'What are your opening hours?',
    'How much is shipping to Berlin?',
    'Can I change my order?',
    'Do you have this in size M?',
    'Thanks, that helps.',
    'When will my parcel arrive?',
    'I would like to book a table for two.',
  ],
  ai: [
    'Hello! Yes, it is in stock. Would you like a link to order?',
    'We are open Monday to Saturday, 9:00 to 19:00.',
    'Shipping to Germany is 4.90 and takes 2–3 days.',
    'Of course. Could you tell me your order number?',
    'Size M is available in blue and black.',
    'Happy to help! Anything else?',
  ],
  operator: [
    'Hi, this is Sam from the team — let me check that for you.',
    'I have updated your order; you will get a confirmation email.',
    'Sorry for the wait! It ships tomorrow.',
  ],
};

export function simulatedLine(rng: Rng, role: MessageRole): string {
  return rng.pick(LINES[role]);
}

/** Social-DM traffic comes from several places; direct messages dominate. */
export function simulatedSource(rng: Rng): Source {
  const r = rng.next();
  if (r < 0.5) return 'direct';
  if (r < 0.7) return 'comment';
  if (r < 0.85) return 'story_reply';
  if (r < 0.95) return 'story_mention';
  return 'reel';
}
