import { useCallback, useEffect, useState } from 'react';

/** docs/product.md#states, #constants: a revealed AI key hides itself again after 2.5 seconds. */
export const REVEAL_HIDE_MS = 2500;

/**
 * A shown/hidden flag that falls back to hidden `ms` after it was shown. Showing again restarts the
 * wait; hiding (or unmounting) cancels it.
 */
export function useAutoHide(ms = REVEAL_HIDE_MS) {
  const [shown, setShown] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), ms);
    return () => clearTimeout(timer);
  }, [shown, round, ms]);
  const show = useCallback(() => {
    setShown(true);
    setRound((r) => r + 1);
  }, []);
  const hide = useCallback(() => setShown(false), []);
  return { shown, show, hide };
}
