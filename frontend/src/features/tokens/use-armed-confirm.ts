import { useCallback, useEffect, useRef, useState } from 'react';

export type ArmedState = 'idle' | 'armed' | 'executing';

export interface ArmedConfirmOptions {
  /** How long the first click keeps the action armed (spec §9: 3 seconds for the token). */
  windowMs?: number;
  /** Called on the first click, e.g. to toast 'click again to confirm ...'. */
  onArm?: () => void;
}

/**
 * A two-click confirmation (spec §4 Regenerate token): idle → armed for `windowMs` → executing → idle.
 * A second click while armed runs the action; after the window a click arms it again. Clicks while the
 * action runs are ignored.
 */
export function useArmedConfirm(
  action: () => Promise<unknown>,
  { windowMs = 3000, onArm }: ArmedConfirmOptions = {},
) {
  const [state, setState] = useState<ArmedState>('idle');
  // The current state for click handlers, even before React re-renders (double clicks).
  const current = useRef<ArmedState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const move = useCallback((next: ArmedState) => {
    current.current = next;
    if (mounted.current) setState(next);
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const click = useCallback(() => {
    if (current.current === 'executing') return;
    if (current.current === 'idle') {
      move('armed');
      onArm?.();
      timer.current = setTimeout(() => {
        if (current.current === 'armed') move('idle');
      }, windowMs);
      return;
    }
    clearTimeout(timer.current);
    move('executing');
    action()
      .catch(() => undefined) // the action reports its own failure
      .finally(() => move('idle'));
  }, [action, move, onArm, windowMs]);

  return { state, click };
}
