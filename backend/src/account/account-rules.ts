/**
 * The customer's account (docs/rules.md, "The customer's account"): what confirms a deletion and what the
 * data export leaves out.
 */

/** Deleting is confirmed by typing the account's own e-mail address (any case, spaces around ignored). */
export function confirmsDeletion(typed: string, email: string): boolean {
  const norm = (s: string) => s.trim().toLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(email);
}

/** E-mails whose body is a credential (a sign-in code): exported without their body. */
export const CREDENTIAL_MAIL_KINDS: ReadonlySet<string> = new Set(['sign-in-code']);

/** Downloads of one's data per customer per hour (on each instance); each one is audited. */
export const EXPORTS_PER_HOUR = 5;

/** The export's file name: seatkeeper-account-YYYY-MM-DD.json (the day in UTC). */
export const exportFileName = (at: Date) =>
  `seatkeeper-account-${at.toISOString().slice(0, 10)}.json`;
