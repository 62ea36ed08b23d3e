/**
 * The outbox's rules (docs/mail.md), pure: when a failed attempt is tried again, and which SMTP failures
 * are worth trying again at all.
 */

/** What the worker does after a failed attempt. */
export type AfterFailure = { retry: true; delaySeconds: number } | { retry: false };

/**
 * After the `attempts`-th attempt failed: wait `delays[attempts - 1]` and try again, or (past the last
 * delay, or at once for a permanent failure) give up. With the default delays 1 min, 5 min, 30 min, 2 h a
 * message is tried five times.
 */
export function afterFailure(
  attempts: number,
  permanent: boolean,
  delaysSeconds: readonly number[],
): AfterFailure {
  if (permanent || attempts < 1 || attempts > delaysSeconds.length) return { retry: false };
  return { retry: true, delaySeconds: delaysSeconds[attempts - 1] };
}

/** The attempts a message gets in all: one, and one more after each delay. */
export const maxAttempts = (delaysSeconds: readonly number[]) => delaysSeconds.length + 1;

/** What nodemailer (and the socket under it) puts on an error. */
export interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * A permanent failure: the server answered 5xx (RFC 5321 §4.2.1: "do not repeat the exact request"), e.g.
 * 550 mailbox unavailable, 553 bad address, 535 authentication failed; also an address nodemailer refuses
 * before connecting (EENVELOPE without a server answer). Everything else is temporary: 4xx answers,
 * refused or dropped connections, timeouts, DNS failures.
 */
export function isPermanentSmtpFailure(error: SmtpFailure): boolean {
  const code = error.responseCode;
  if (typeof code === 'number') return code >= 500 && code < 600;
  return error.code === 'EENVELOPE';
}

/**
 * The text kept as `last_error` (and shown to admins): the server's answer or the error's code and message,
 * on one line, never the SMTP URL's password (nodemailer does not put it in errors; the URL is removed anyway
 * should a message carry it).
 */
export function describeSmtpFailure(error: SmtpFailure, smtpUrl?: string): string {
  const answer = error.response || error.message || 'unknown error';
  const code = error.responseCode ? String(error.responseCode) : error.code;
  // A server's answer starts with its code already.
  const parts = code && !answer.startsWith(code) ? [code, answer] : [answer];
  let text = parts.join(' ').replace(/\s+/g, ' ').trim();
  if (smtpUrl) text = text.split(smtpUrl).join('[SMTP_URL]');
  try {
    const password = smtpUrl ? decodeURIComponent(new URL(smtpUrl).password) : '';
    if (password) text = text.split(password).join('***');
  } catch {
    // an unparsable URL was refused at start
  }
  return text.slice(0, 500);
}
