import { z } from 'zod';

import { BOT_TOKEN_PATTERN } from './bot-token-pattern';

export const botTokenSchema = z
  .string()
  .trim()
  .min(1, 'Paste the bot token.')
  .regex(
    BOT_TOKEN_PATTERN,
    'That does not look like a bot token: it should be 6–12 digits, a colon, then 30–64 letters, digits, "-" or "_".',
  );
