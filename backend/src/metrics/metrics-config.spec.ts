import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/env';

const dir = () => mkdtempSync(join(tmpdir(), 'seatkeeper-metrics-env-'));

describe('METRICS and METRICS_TOKEN (docs/monitoring.md, Configuration)', () => {
  it('has metrics on and no token by default', () => {
    expect(loadConfig({ DATA_DIR: dir() }).metrics).toEqual({ enabled: true, token: undefined });
  });

  it.each([
    ['off', false],
    ['OFF', false],
    ['false', false],
    ['0', false],
    ['on', true],
    ['true', true],
    ['1', true],
  ])('reads METRICS=%s', (value, enabled) => {
    expect(loadConfig({ DATA_DIR: dir(), METRICS: value }).metrics.enabled).toBe(enabled);
  });

  it('refuses another METRICS value, naming it', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), METRICS: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), METRICS: 'maybe' })).toThrow(
      'METRICS must be on or off (got "maybe")',
    );
  });

  it('keeps a token of 16 characters or more, and refuses a shorter one or one with spaces', () => {
    const token = 'a'.repeat(16);
    expect(loadConfig({ DATA_DIR: dir(), METRICS_TOKEN: token }).metrics.token).toBe(token);
    for (const bad of ['short', 'sixteen chars ok'])
      expect(() => loadConfig({ DATA_DIR: dir(), METRICS_TOKEN: bad })).toThrow(
        'METRICS_TOKEN must be at least 16 characters without spaces',
      );
  });
});
