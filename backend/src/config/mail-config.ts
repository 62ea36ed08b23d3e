import type { EnvValues } from './env-schema';

/** Outbound e-mail's configuration (docs/mail.md), read by loadConfig (env.ts). */
export interface MailConfig {
  /** smtp:// or smtps:// URL (credentials in it: never logged); undefined: messages stay queued. */
  smtpUrl?: string;
  /** The From header: `name@example.com` or `Name <name@example.com>`. */
  from: string;
  /**
   * The development mailbox at /dev-mail/: no SMTP_URL, and only where the development sign-in is mounted
   * (loadConfig narrows it; docs/security.md "Exposure"), answering where that sign-in answers.
   */
  devMailbox: boolean;
  /** How often each instance's worker looks for due messages. */
  pollMs: number;
  /** A message being sent by an instance that vanished is taken over after this lease. */
  leaseSeconds: number;
  /** Waits after the 1st, 2nd ... failed attempt; one more failure after the last one: failed. */
  retryDelaysSeconds: number[];
  /** Timeout of each SMTP step (connection, greeting, socket inactivity); below the lease. */
  sendTimeoutMs: number;
}

/** `name@host.tld`, alone or as `Display name <name@host.tld>`. */
const MAIL_FROM = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/**
 * SMTP_URL, MAIL_FROM and the worker's timings. Without SMTP_URL messages are kept in the outbox (shown at
 * /dev-mail/ outside production) and sent once SMTP_URL is set; production starts without it but says so,
 * since receipts then reach nobody.
 */
export function mailConfig(
  env: Pick<
    EnvValues,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'MAIL_POLL_MS'
    | 'MAIL_LEASE_SECONDS'
    | 'MAIL_SEND_TIMEOUT_MS'
    | 'MAIL_RETRY_DELAYS'
  >,
  { isProduction, sellerName }: { isProduction: boolean; sellerName: string },
): { mail: MailConfig; problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const smtpUrl = (env.SMTP_URL ?? '').trim() || undefined;
  if (smtpUrl) {
    let url: URL | undefined;
    try {
      url = new URL(smtpUrl);
    } catch {
      url = undefined;
    }
    // The URL carries the password: never echo it.
    if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname)
      problems.push(
        'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
      );
  } else if (isProduction) {
    warnings.push(
      'WARNING: SMTP_URL is not set: receipts and notices stay queued in the outbox (GET /api/admin/mail) and are sent once SMTP_URL is configured',
    );
  }
  const fromRaw = (env.MAIL_FROM ?? '').trim();
  if (fromRaw && (!MAIL_FROM.test(fromRaw) || fromRaw.length > 320))
    problems.push(
      `MAIL_FROM must be an address such as receipts@example.com or "Shop <receipts@example.com>" (got "${fromRaw.slice(0, 80)}")`,
    );
  else if (!fromRaw && smtpUrl)
    problems.push(
      'MAIL_FROM is required with SMTP_URL (the sender address, e.g. receipts@example.com)',
    );
  const from =
    fromRaw || `${sellerName.replace(/[<>"\r\n@]/g, '')} <no-reply@localhost.localdomain>`;

  // Each number's default and lower bound: the schema (env-schema.ts).
  const pollMs = env.MAIL_POLL_MS;
  const leaseSeconds = env.MAIL_LEASE_SECONDS;
  const sendTimeoutMs = env.MAIL_SEND_TIMEOUT_MS;
  if (sendTimeoutMs >= leaseSeconds * 1000)
    problems.push(
      'MAIL_SEND_TIMEOUT_MS must be shorter than MAIL_LEASE_SECONDS, or a slow send could be taken over and sent twice',
    );
  const delaysRaw = (env.MAIL_RETRY_DELAYS ?? '60,300,1800,7200').trim();
  const retryDelaysSeconds = delaysRaw ? delaysRaw.split(',').map((d) => Number(d.trim())) : [];
  if (
    retryDelaysSeconds.some((d) => !Number.isFinite(d) || d < 0) ||
    retryDelaysSeconds.length > 20
  )
    problems.push(
      'MAIL_RETRY_DELAYS must be up to 20 comma-separated numbers of seconds (e.g. 60,300,1800,7200)',
    );
  return {
    mail: {
      smtpUrl,
      from,
      devMailbox: !smtpUrl && !isProduction,
      pollMs,
      leaseSeconds,
      retryDelaysSeconds,
      sendTimeoutMs,
    },
    problems,
    warnings,
  };
}
