import { useEffect, useRef } from 'react';
import type { unstable_HistoryRouter } from 'react-router-dom';

/**
 * Asking before an in-app navigation throws unsaved work away (docs/architecture.md "Routing"): the app's
 * router (app/GuardedRouter.tsx) runs on a history whose push, replace and back/forward pass through
 * here. React Router's useBlocker needs its data router, which this app does without (see
 * app/router.tsx); this does the same for the declarative one.
 */

type History = Parameters<typeof unstable_HistoryRouter>[0]['history'];

/** Asked when a navigation is blocked: call `leave` to let it happen; not calling it stays. */
export type LeaveAsk = (leave: () => void) => void;

let ask: LeaveAsk | null = null;

/** Blocks in-app navigation until released; the blocked attempts go to `onAttempt`. */
export function blockNavigation(onAttempt: LeaveAsk): () => void {
  ask = onAttempt;
  return () => {
    if (ask === onAttempt) ask = null;
  };
}

/**
 * A history whose navigations ask first while blocked. Push and replace wait for the answer; a back
 * or forward has already moved the browser, so it is undone first (the page stays) and redone on leave.
 */
export function guardHistory(history: History): History {
  // POPs this guard caused itself: undoing a blocked one (not shown), or redoing it on leave (shown).
  let undoing = false;
  let redoing = false;
  // Not methods: React Router calls push and replace unbound.
  const push: History['push'] = (to, state) => {
    if (ask) ask(() => history.push(to, state));
    else history.push(to, state);
  };
  const replace: History['replace'] = (to, state) => {
    if (ask) ask(() => history.replace(to, state));
    else history.replace(to, state);
  };
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push,
    replace,
    go: (delta) => history.go(delta),
    listen: (listener) =>
      history.listen((update) => {
        if (update.action !== 'POP') return listener(update);
        if (undoing) {
          undoing = false;
          return;
        }
        if (redoing) {
          redoing = false;
          return listener(update);
        }
        const { delta } = update;
        // Without a known distance the move cannot be undone: let it through.
        if (!ask || !delta) return listener(update);
        undoing = true;
        history.go(-delta);
        ask(() => {
          redoing = true;
          history.go(delta);
        });
      }),
  };
}

/**
 * While `when` holds: in-app navigation asks `onAttempt` first, and leaving or reloading the page
 * makes the browser ask (`beforeunload`, in the browser's own words).
 */
export function useLeaveGuard(when: boolean, onAttempt: LeaveAsk) {
  const latest = useRef(onAttempt);
  latest.current = onAttempt;
  useEffect(() => {
    if (!when) return undefined;
    const release = blockNavigation((leave) => latest.current(leave));
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when]);
}
