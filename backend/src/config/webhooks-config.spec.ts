import { readEnv } from './env-schema';
import { DEFAULT_WEBHOOK_RETRY_DELAYS, webhooksConfig as fromValues } from './webhooks-config';

/** The environment read as loadConfig reads it: the schema's problems (each variable's own), then the webhooks'. */
const webhooksConfig = (env: Record<string, string>, options: { isProduction: boolean }) => {
  const { values, problems } = readEnv(env)!;
  const read = fromValues(values, options);
  return { ...read, problems: [...problems, ...read.problems] };
};

describe('webhooksConfig', () => {
  it('defaults to eight attempts over 24 hours, 10 s each, the private-host guard on in production', () => {
    const { webhooks, problems } = webhooksConfig({}, { isProduction: true });
    expect(problems).toEqual([]);
    expect(webhooks.retryDelaysSeconds.join(',')).toBe(DEFAULT_WEBHOOK_RETRY_DELAYS);
    const total = webhooks.retryDelaysSeconds.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(23.5 * 3600);
    expect(total).toBeLessThanOrEqual(24 * 3600);
    expect(webhooks.timeoutMs).toBe(10_000);
    expect(webhooks.disableAfterSeconds).toBe(72 * 3600);
    expect(webhooks.allowPrivateHosts).toBe(false);
    expect(webhooksConfig({}, { isProduction: false }).webhooks.allowPrivateHosts).toBe(true);
    expect(
      webhooksConfig({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' }, { isProduction: false }).webhooks
        .allowPrivateHosts,
    ).toBe(false);
  });

  it('reads a shorter schedule and refuses nonsense', () => {
    expect(
      webhooksConfig({ WEBHOOK_RETRY_DELAYS: '1, 2,3' }, { isProduction: false }).webhooks
        .retryDelaysSeconds,
    ).toEqual([1, 2, 3]);
    expect(
      webhooksConfig({ WEBHOOK_RETRY_DELAYS: '1,x' }, { isProduction: false }).problems,
    ).toHaveLength(1);
    expect(
      webhooksConfig({ WEBHOOK_TIMEOUT_MS: '90000' }, { isProduction: false }).problems[0],
    ).toMatch(/WEBHOOK_TIMEOUT_MS must be shorter/);
    expect(
      webhooksConfig({ WEBHOOK_CA_FILE: '/nonexistent/ca.pem' }, { isProduction: false })
        .problems[0],
    ).toMatch(/cannot be read/);
  });
});
