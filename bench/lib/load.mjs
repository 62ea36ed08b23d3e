// Shared by the autocannon benchmarks: one measurement and its summary, ratios, the console table, the
// result file and the goal check (a missed goal sets a non-zero exit code).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root } from './app.mjs';
import { cpuSecondsOf } from './proc.mjs';

/**
 * Runs autocannon and summarises it. Throughput is completed answers / elapsed seconds (correct for both
 * `duration` and `amount` runs; autocannon's per-second average under-counts a trailing partial second).
 * With `pid`, also the server process's CPU time per answer and its average CPU use (cores).
 * @param {Record<string, any>} opts autocannon's options
 * @param {{ pid?: number }} [server]
 */
export async function measure(opts, { pid } = {}) {
  const cpu0 = pid ? cpuSecondsOf(pid) : 0;
  const t0 = performance.now();
  const r = await autocannon({ connections: 10, ...opts });
  const s = summarise(r);
  if (pid) {
    const cpu = cpuSecondsOf(pid) - cpu0;
    s.serverCpuMsPerRequest = s.completed ? +((cpu * 1000) / s.completed).toFixed(2) : null;
    s.serverCpuCores = +(cpu / ((performance.now() - t0) / 1000)).toFixed(2);
  }
  return s;
}

export function summarise(r) {
  const completed = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  return {
    rps: Math.round(completed / r.duration),
    p50Ms: r.latency.p50,
    p90Ms: r.latency.p90,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    meanMs: +r.latency.average.toFixed(2),
    completed,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    durationSeconds: r.duration,
    connections: r.connections,
  };
}

export const ratio = (a, b) => (b ? +(a / b).toFixed(3) : null);

/** One aligned console line per measurement. */
export function line(label, s) {
  const cpu = s.serverCpuMsPerRequest != null ? `  cpu ${s.serverCpuMsPerRequest} ms/req` : '';
  const errs =
    s.non2xx + s.errors
      ? `  non-2xx ${s.non2xx} errors ${s.errors} ${JSON.stringify(s.statusCodes)}`
      : '';
  return `${label.padEnd(34)} ${String(s.rps).padStart(6)} req/s  p50 ${String(s.p50Ms).padStart(4)} ms  p99 ${String(s.p99Ms).padStart(4)} ms  max ${String(s.maxMs).padStart(5)} ms${cpu}${errs}`;
}

/** Writes bench/results/<name>.json, prints each goal, and sets the exit code (1 when one is missed). */
export function finish(name, results, goals) {
  results.goals = goals;
  results.machine = {
    cpus: cpus().length,
    loadAverageAtEnd: loadavg().map((l) => +l.toFixed(2)),
    note: 'shared machine; ratios are to baselines measured in the same run',
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results', `${name}.json`),
    JSON.stringify(results, null, 2) + '\n',
  );
  console.log('\nGoals:');
  for (const [goal, g] of Object.entries(goals))
    console.log(`  ${g.met ? 'met   ' : 'MISSED'} ${goal}: ${g.actual} (goal ${g.target})`);
  const missed = Object.entries(goals)
    .filter(([, g]) => !g.met)
    .map(([goal]) => goal);
  console.log(missed.length ? `Below goal: ${missed.join(', ')}` : 'All goals met.');
  console.log(`Results: bench/results/${name}.json`);
  process.exitCode = missed.length ? 1 : 0;
}

export const goal = (met, actual, target) => ({ met: Boolean(met), actual, target });

/** Runs fn over items, `width` at a time (sign-ins, seeding through the API). */
export async function inBatches(items, width, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}
