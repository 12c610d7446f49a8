/** A session ends this long after sign-in however busy it is; idle sessions end sooner (the JWT's `maxAge`). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

/** An idle session ends after this long. */
export const SESSION_IDLE_SECONDS = 8 * 60 * 60;
