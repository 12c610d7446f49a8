import { z } from 'zod';

/** Shape of a messenger-bot token (D7): digits, a colon, then the secret part. */
export const BOT_TOKEN_PATTERN = /^[0-9]{6,12}:[A-Za-z0-9_-]{30,64}$/;

export const botTokenSchema = z
  .string()
  .trim()
  .min(1, 'Paste the bot token.')
  .regex(
    BOT_TOKEN_PATTERN,
    'That does not look like a bot token: it should be 6–12 digits, a colon, then 30–64 letters, digits, "-" or "_".',
  );
