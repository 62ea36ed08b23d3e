import type { EnvValues } from './env-schema';

/**
 * Install insights (docs/insights.md), read by loadConfig (env.ts): whether check-ins are recorded, how often
 * a site is written at most, how often the buffer is flushed and how long an unseen site is kept.
 */
export interface InsightsConfig {
  /** INSIGHTS=off: nothing is recorded (the licence check and update metadata answer as before). */
  enabled: boolean;
  /** INSIGHTS_WRITE_EVERY_SECONDS (3600): a site's row is written at most once in this time. */
  writeEveryMs: number;
  /** INSIGHTS_FLUSH_SECONDS (10): how often an instance writes the check-ins it holds, in one statement. */
  flushMs: number;
  /** INSIGHTS_RETENTION_DAYS (365): a site unseen this long is deleted. */
  retentionDays: number;
}

export function insightsConfig(
  env: Pick<
    EnvValues,
    | 'INSIGHTS'
    | 'INSIGHTS_WRITE_EVERY_SECONDS'
    | 'INSIGHTS_FLUSH_SECONDS'
    | 'INSIGHTS_RETENTION_DAYS'
  >,
): InsightsConfig {
  // Each variable's default, bounds and message: the schema (env-schema.ts).
  return {
    enabled: env.INSIGHTS,
    writeEveryMs: env.INSIGHTS_WRITE_EVERY_SECONDS * 1000,
    flushMs: env.INSIGHTS_FLUSH_SECONDS * 1000,
    retentionDays: env.INSIGHTS_RETENTION_DAYS,
  };
}
