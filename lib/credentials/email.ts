/** Emails are kept in lower case, so one address is one account however it is typed. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
