/**
 * Who gets the next free AI worker, and how many generations one customer may have waiting
 * (docs/security.md, "AI providers"; docs/decisions.md, "Round-robin AI jobs").
 *
 * The worker's claim (AiJobsService.claim, one SQL statement) follows `nextJob` exactly: among the
 * waiting jobs of customers who have no job running, the customer served least recently goes first
 * (never served: before everyone), then the oldest job of that customer. A customer with a backlog
 * therefore takes one turn and goes to the back of the line; another customer's job waits for one
 * worker to free up, not for the backlog.
 */

/** A job waiting for a worker, as the rule sees it. */
export interface WaitingJob {
  id: string;
  customerId: string;
  /** When it was created (ms since the epoch). */
  createdAt: number;
}

/**
 * The job the next free worker takes, or undefined when none may be taken now.
 *
 * - `running`: customers with a job running (one running job per customer at most: their other jobs wait).
 * - `lastServed`: when each customer's job was last taken by a worker (ms); absent: never.
 */
export function nextJob(
  waiting: readonly WaitingJob[],
  running: ReadonlySet<string>,
  lastServed: ReadonlyMap<string, number>,
): WaitingJob | undefined {
  let best: WaitingJob | undefined;
  for (const job of waiting) {
    if (running.has(job.customerId)) continue;
    if (!best || comesFirst(job, best, lastServed)) best = job;
  }
  return best;
}

/** The order of `nextJob`: never served first, then served least recently, then oldest job, then id. */
function comesFirst(
  a: WaitingJob,
  b: WaitingJob,
  lastServed: ReadonlyMap<string, number>,
): boolean {
  const sa = lastServed.get(a.customerId) ?? -Infinity;
  const sb = lastServed.get(b.customerId) ?? -Infinity;
  if (sa !== sb) return sa < sb;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt;
  return a.id < b.id;
}

/**
 * The claim's ORDER BY, the SQL form of `comesFirst` (`t`: ai_job_turns, `j`: ai_jobs). Nulls first:
 * a customer never served goes before everyone.
 */
export const CLAIM_ORDER_SQL = 't.last_served_at asc nulls first, j.created_at asc, j.id asc';

/**
 * Retry-After of a refused generation (AI_QUEUE_FULL): the customer's queue frees up when one of their
 * jobs ends, which the client learns by polling every 3 s (docs/product.md, "Constants").
 */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 5;

/** May a customer with `unfinished` generations (waiting or running) start another one? */
export const queueHasRoom = (unfinished: number, limit: number): boolean => unfinished < limit;
