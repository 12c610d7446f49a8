/** What the UI shows of a failure: a headline, a sentence that names the fix, and the request id. */
export type DisplayError = {
  title: string;
  message: string;
  requestId?: string;
  code?: string;
  status?: number;
  sessionEnded?: boolean;
  /** Where the fix is, when it is a page of this dashboard. */
  link?: { href: string; label: string };
  /** An open social-DM handshake the person can resume at once (its consent URL, exactly as the API gave it). */
  resumeUrl?: string;
};
