// A process's own figures from /proc (Linux): memory from /proc/<pid>/status, CPU time from /proc/<pid>/stat.
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** VmRSS, RssAnon, RssFile, VmHWM (peak RSS) and VmSize in MB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  const mb = (name) => +(kb(name) / 1024).toFixed(1);
  return {
    rssMb: mb('VmRSS'),
    rssAnonMb: mb('RssAnon'),
    rssFileMb: mb('RssFile'),
    peakRssMb: mb('VmHWM'),
    vmSizeMb: mb('VmSize'),
  };
}

/** User + system CPU seconds the process has used so far. */
export function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
