import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline set at mount, `seconds` from then; updated every second and
 * read from the clock (not by counting ticks), so a throttled background tab stays accurate.
 */
export function useCountdown(seconds: number): number {
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    const tick = () => {
      const value = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(value);
      if (value === 0) clearInterval(id);
    };
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return remaining;
}
