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

type Env = Record<string, string | undefined>;

function whole(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
) {
  const raw = (env[name] ?? '').trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    problems.push(
      `${name} must be a whole number from ${min} to ${max} (got "${raw.slice(0, 20)}")`,
    );
    return fallback;
  }
  return value;
}

export function insightsConfig(env: Env): { insights: InsightsConfig; problems: string[] } {
  const problems: string[] = [];
  const raw = (env.INSIGHTS ?? '').trim().toLowerCase();
  if (!['', 'on', 'off', 'true', 'false', '1', '0'].includes(raw))
    problems.push(`INSIGHTS must be on or off (got "${raw.slice(0, 20)}")`);
  return {
    insights: {
      enabled: !['off', 'false', '0'].includes(raw),
      writeEveryMs: whole(env, 'INSIGHTS_WRITE_EVERY_SECONDS', 3600, 1, 7 * 86400, problems) * 1000,
      flushMs: whole(env, 'INSIGHTS_FLUSH_SECONDS', 10, 1, 3600, problems) * 1000,
      retentionDays: whole(env, 'INSIGHTS_RETENTION_DAYS', 365, 31, 3650, problems),
    },
    problems,
  };
}
