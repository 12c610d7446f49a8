/** The mail server's settings as pages and forms show them (no password: only whether one is kept). */
export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export const SMTP_SECURITY_WORDS: Record<SmtpSecurity, string> = {
  tls: 'TLS from the start (usually port 465)',
  starttls: 'STARTTLS, required (usually port 587)',
  none: 'None: plain text (only where plain http would be allowed)',
};

export type SmtpShown = {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string | null;
  from: string;
  hasPassword: boolean;
};
