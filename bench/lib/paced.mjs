// Shared by the benchmarks that time single requests: one request timed to its last byte, percentiles,
// medians, and the open-loop paced client (steady-rate latency: each request timed from its scheduled
// send, so a stall shows in full, unlike autocannon's rate mode).
import { Agent, request } from 'node:http';

/**
 * One request; resolves with the status once the whole answer has arrived (errors as status 0).
 * @param {import('node:http').Agent | undefined} agent (undefined: a new connection)
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string | Buffer }} [options]
 * @returns {Promise<number>}
 */
export function send(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const req = request(url, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** The p-th percentile of ascending values (nearest rank), null for none. */
export const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : null;

/** The median (the mean of the middle two for an even count). */
export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Open loop: `rate` requests a second for `duration` seconds whatever the answers, each timed from its
 * scheduled send. Latencies rounded to `digits` decimals.
 * @param {string} url
 * @param {{ rate: number, duration: number, digits?: number, request?: { method?: string, headers?: Record<string, string>, body?: string | Buffer } }} options
 */
export async function paced(url, { rate, duration, digits = 2, request: options = {} }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / rate;
  const total = Math.round(duration * rate);
  const t0 = performance.now() + 50;
  const latencies = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      send(agent, url, options).then((status) => {
        latencies.push(performance.now() - due);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ms = (v) => (v == null ? null : +v.toFixed(digits));
  return {
    requests: total,
    statuses,
    p50Ms: ms(percentile(latencies, 50)),
    p90Ms: ms(percentile(latencies, 90)),
    p99Ms: ms(percentile(latencies, 99)),
    maxMs: ms(latencies.at(-1)),
  };
}
