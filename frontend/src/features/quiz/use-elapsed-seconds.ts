import { useEffect, useState } from 'react';

/**
 * Whole seconds since `startedAt` (ms), counting up while `running`: the per-question timer
 * (docs/product.md#states). It reads the clock each tick, so a slow tab does not make it drift.
 */
export function useElapsedSeconds(startedAt: number, running: boolean): number {
  const read = () => Math.max(0, Math.floor((Date.now() - startedAt) / 1000));
  const [seconds, setSeconds] = useState(read);
  useEffect(() => {
    if (!running) return;
    const tick = () => setSeconds(Math.max(0, Math.floor((Date.now() - startedAt) / 1000)));
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [startedAt, running]);
  return seconds;
}
