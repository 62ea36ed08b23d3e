import { readFileSync } from 'node:fs';
import type { EnvValues } from './env-schema';

/** Webhook delivery's configuration (docs/webhooks.md), read by loadConfig (env.ts). */
export interface WebhooksConfig {
  /** How often each instance's worker looks for due deliveries (WEBHOOK_POLL_MS, 1000). */
  pollMs: number;
  /** A delivery being sent by an instance that vanished is taken over after this lease (WEBHOOK_LEASE_SECONDS, 60). */
  leaseSeconds: number;
  /** Deliveries each instance sends at once (WEBHOOK_CONCURRENCY, 4); each claimed on its own. */
  concurrency: number;
  /** One attempt's limit, from connecting to the end of the answer (WEBHOOK_TIMEOUT_MS, 10 000). */
  timeoutMs: number;
  /** Waits after the 1st, 2nd ... failed attempt (WEBHOOK_RETRY_DELAYS); past the last one: failed. */
  retryDelaysSeconds: number[];
  /** An endpoint failing without a success for this long is disabled (WEBHOOK_DISABLE_AFTER_HOURS, 72). */
  disableAfterSeconds: number;
  /**
   * Receivers on loopback or private addresses allowed (WEBHOOK_ALLOW_PRIVATE_HOSTS; default: outside
   * production only), the same guard as the AI providers' (ai/provider-client.ts).
   */
  allowPrivateHosts: boolean;
  /** WEBHOOK_CA_FILE: extra certificate authorities (PEM) trusted for deliveries, beside the system's. */
  extraCa?: string;
}

/** 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 6 h 20 min: eight attempts over 24 hours. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS = '60,300,1800,7200,18000,36000,22800';

export function webhooksConfig(
  env: Pick<
    EnvValues,
    | 'WEBHOOK_POLL_MS'
    | 'WEBHOOK_LEASE_SECONDS'
    | 'WEBHOOK_TIMEOUT_MS'
    | 'WEBHOOK_CONCURRENCY'
    | 'WEBHOOK_DISABLE_AFTER_HOURS'
    | 'WEBHOOK_RETRY_DELAYS'
    | 'WEBHOOK_ALLOW_PRIVATE_HOSTS'
    | 'WEBHOOK_CA_FILE'
  >,
  { isProduction }: { isProduction: boolean },
): { webhooks: WebhooksConfig; problems: string[] } {
  const problems: string[] = [];
  // Each number's default and lower bound: the schema (env-schema.ts).
  const pollMs = env.WEBHOOK_POLL_MS;
  const leaseSeconds = env.WEBHOOK_LEASE_SECONDS;
  const timeoutMs = env.WEBHOOK_TIMEOUT_MS;
  const concurrency = env.WEBHOOK_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency > 64)
    problems.push('WEBHOOK_CONCURRENCY must be a whole number from 1 to 64');
  if (timeoutMs >= leaseSeconds * 1000)
    problems.push(
      'WEBHOOK_TIMEOUT_MS must be shorter than WEBHOOK_LEASE_SECONDS, or a slow receiver could be sent the same attempt twice',
    );
  const disableAfterSeconds = env.WEBHOOK_DISABLE_AFTER_HOURS * 3600;
  const delaysRaw = (env.WEBHOOK_RETRY_DELAYS ?? DEFAULT_WEBHOOK_RETRY_DELAYS).trim();
  const retryDelaysSeconds = delaysRaw ? delaysRaw.split(',').map((d) => Number(d.trim())) : [];
  if (
    retryDelaysSeconds.some((d) => !Number.isFinite(d) || d < 0) ||
    retryDelaysSeconds.length > 30
  )
    problems.push(
      `WEBHOOK_RETRY_DELAYS must be up to 30 comma-separated numbers of seconds (e.g. ${DEFAULT_WEBHOOK_RETRY_DELAYS})`,
    );
  const flag = (env.WEBHOOK_ALLOW_PRIVATE_HOSTS ?? '').trim().toLowerCase();
  const allowPrivateHosts =
    flag === 'true' || flag === '1'
      ? true
      : flag === 'false' || flag === '0'
        ? false
        : !isProduction;
  let extraCa: string | undefined;
  const caFile = (env.WEBHOOK_CA_FILE ?? '').trim();
  if (caFile) {
    try {
      extraCa = readFileSync(caFile, 'utf8');
      if (!extraCa.includes('-----BEGIN CERTIFICATE-----'))
        problems.push(`WEBHOOK_CA_FILE (${caFile}) holds no PEM certificate`);
    } catch {
      problems.push(`WEBHOOK_CA_FILE (${caFile}) cannot be read`);
    }
  }
  return {
    webhooks: {
      pollMs,
      leaseSeconds,
      concurrency,
      timeoutMs,
      retryDelaysSeconds,
      disableAfterSeconds,
      allowPrivateHosts,
      extraCa,
    },
    problems,
  };
}
