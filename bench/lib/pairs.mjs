// Shared by the benchmarks that measure two sides in back-to-back pairs (bench/metrics, bench/insights,
// bench/verify-token/pair.mjs): the order alternates each round, so a drift of the machine's load falls on
// both sides alike, and the goals are medians of the per-round ratios (robust to a disturbed round).
import { ratio } from './load.mjs';
import { median } from './paced.mjs';

/** A round's order of the two sides: `a` first in odd rounds, `b` first in even ones. */
export const alternate = (round, a, b) => (round % 2 ? [a, b] : [b, a]);

/**
 * Sets a round's on/off ratios from its `saturation` and `paced` results for 'on' and 'off': throughput,
 * server CPU per answer, paced p50 and p99.
 */
export function setOnOffRatios(r) {
  r.throughputRatio = ratio(r.saturation.on.rps, r.saturation.off.rps);
  r.cpuRatio = ratio(r.saturation.on.serverCpuMsPerRequest, r.saturation.off.serverCpuMsPerRequest);
  r.pacedP50Ratio = ratio(r.paced.on.p50Ms, r.paced.off.p50Ms);
  r.pacedP99Ratio = ratio(r.paced.on.p99Ms, r.paced.off.p99Ms);
}

/** A round's errors: non-2xx answers and errors under saturation, each status other than 200 seen paced. */
export const roundErrors = (r) =>
  Object.values(r.saturation).reduce((m, s) => m + s.non2xx + s.errors, 0) +
  Object.values(r.paced).reduce(
    (m, p) => m + Object.entries(p.statuses).filter(([s]) => s !== '200').length,
    0,
  );

/** The medians of the rounds' on/off ratios (set by setOnOffRatios). */
export const medianRatios = (rounds) => ({
  throughputRatio: median(rounds.map((r) => r.throughputRatio)),
  cpuRatio: median(rounds.map((r) => r.cpuRatio)),
  pacedP50Ratio: median(rounds.map((r) => r.pacedP50Ratio)),
  pacedP99Ratio: median(rounds.map((r) => r.pacedP99Ratio)),
});
