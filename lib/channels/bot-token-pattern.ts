// Apart from the schema in bot-token.ts so the connect form can check a token in the browser
// without shipping zod (~30 KiB gzip) to the robot page.
/** Shape of a messenger-bot token (D7): digits, a colon, then the secret part. */
export const BOT_TOKEN_PATTERN = /^[0-9]{6,12}:[A-Za-z0-9_-]{30,64}$/;
