import { readEnv } from './env-schema';
import { insightsConfig } from './insights-config';

/** The environment read as loadConfig reads it: the schema's problems, then install insights' settings. */
const read = (env: Record<string, string> = {}) => {
  const { values, problems } = readEnv(env)!;
  return { insights: insightsConfig(values), problems };
};

describe('insightsConfig (docs/insights.md)', () => {
  it('records by default: a site written once an hour, the buffer flushed every 10 s, kept a year', () => {
    expect(read()).toEqual({
      insights: { enabled: true, writeEveryMs: 3_600_000, flushMs: 10_000, retentionDays: 365 },
      problems: [],
    });
  });

  it('is off with off, false or 0, and on with on, true or 1 (any case)', () => {
    for (const off of ['off', 'OFF', 'false', '0', ' off '])
      expect(read({ INSIGHTS: off }).insights.enabled).toBe(false);
    for (const on of ['on', 'True', '1', ''])
      expect(read({ INSIGHTS: on }).insights.enabled).toBe(true);
    expect(read({ INSIGHTS: 'maybe' }).problems).toEqual([
      'INSIGHTS must be on or off (got "maybe")',
    ]);
  });

  it('takes whole numbers within each bound and names the variable and its bound otherwise', () => {
    expect(
      read({
        INSIGHTS_WRITE_EVERY_SECONDS: '60',
        INSIGHTS_FLUSH_SECONDS: '1',
        INSIGHTS_RETENTION_DAYS: '31',
      }).insights,
    ).toMatchObject({ writeEveryMs: 60_000, flushMs: 1000, retentionDays: 31 });
    expect(
      read({
        INSIGHTS_WRITE_EVERY_SECONDS: '604801',
        INSIGHTS_FLUSH_SECONDS: '1.5',
        INSIGHTS_RETENTION_DAYS: '30',
      }).problems,
    ).toEqual([
      'INSIGHTS_WRITE_EVERY_SECONDS must be a whole number from 1 to 604800 (got "604801")',
      'INSIGHTS_FLUSH_SECONDS must be a whole number from 1 to 3600 (got "1.5")',
      'INSIGHTS_RETENTION_DAYS must be a whole number from 31 to 3650 (got "30")',
    ]);
  });
});
