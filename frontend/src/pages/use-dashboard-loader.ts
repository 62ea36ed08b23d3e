import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { isApiError } from '../lib/api-client';
import { licensesQueryOptions } from '../lib/api/licenses';
import { plansQueryOptions } from '../lib/api/plans';
import { vipInitializationQueryOptions } from '../features/licenses/api/initialize-vip';
import { tokenQueryOptions } from '../features/tokens/api/get-token';

/** A token or licence call the server refused for want of a session. */
export const isSignedOutError = (error: unknown): boolean =>
  isApiError(error) && error.status === 401;

/**
 * The calls the page waits for (below), before it has mounted (app/first-data.ts, on a first load of
 * /dashboard with a session): the loader then finds their answers in the cache.
 */
export function prefetchDashboard(client: QueryClient): void {
  void client.prefetchQuery(tokenQueryOptions());
  void client.prefetchQuery(licensesQueryOptions());
  void client.prefetchQuery(plansQueryOptions());
}

/**
 * The dashboard's loader (docs/product.md#screens /dashboard): fetches the activation code, the licence list and the
 * plans, all at once, and calls the VIP initialisation (its failure ignored) once they are shown. The
 * blocks read the same queries and appear together when all three have answered, so nothing moves as
 * they arrive.
 * A token or licence call answered 401 means the session is gone: the page sends the user to login.
 * Other failures are shown in the block they belong to ('error loading data: ...'), since sending a
 * signed-in user to /login would bounce straight back here.
 */
export function useDashboardLoader() {
  const client = useQueryClient();
  const token = useQuery(tokenQueryOptions());
  const licenses = useQuery(licensesQueryOptions());
  // The seat block's purchase button shows when the plan list has something to buy.
  const plans = useQuery(plansQueryOptions());
  const answered = !token.isPending && !licenses.isPending && !plans.isPending;
  // Latched: once the page has shown its blocks, a later refetch does not take them away again. Answers
  // already in the cache show them at once; answers that arrive later show them in a transition, which
  // React renders in short slices instead of one long task (Lighthouse total blocking time).
  const [settled, setSettled] = useState(answered);
  useEffect(() => {
    if (answered && !settled) startTransition(() => setSettled(true));
  }, [answered, settled]);
  // The VIP call, which the blocks do not wait for, is sent once they are on screen (the task after the
  // frame that paints them): on a first load the request then takes no share of a phone's line, or of
  // the browser's six connections, before that paint. Back-to-back Lighthouse pairs, mobile, median of 3
  // (27 November 2026; with the icon in index.html): console LCP 2.41 against 2.63 s.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!settled || shown) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setShown(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [settled, shown]);
  const vip = useQuery({ ...vipInitializationQueryOptions(client), enabled: shown });
  return {
    signedOut: isSignedOutError(token.error) || isSignedOutError(licenses.error),
    isVip: vip.data === true,
    /** The code, the seats and the plans have answered (either way) once; the VIP call is not waited for. */
    settled,
  };
}
