import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** One key's hits sent to the store: how many, and the length of a window should one start. */
export interface CounterHits {
  key: string;
  windowMs: number;
  points: number;
}

/** The store's count for a key after a batch: its window's end (epoch ms) and the hits in it. */
export interface CounterRow {
  key: string;
  windowEnd: number;
  points: number;
}

/** Where the shared counts live: the database (RateLimitStore), or one process's memory. */
export interface CounterStore {
  add(hits: CounterHits[]): Promise<CounterRow[]>;
  /** Forgets counts of windows long ended. */
  sweep?(): Promise<number>;
}

/** The Nest token of the CounterStore RateLimitsService uses (RateLimitStore in the app). */
export const COUNTER_STORE = Symbol('COUNTER_STORE');

/**
 * Adds a batch of hits to the shared counts and answers each key's window and count, in one statement
 * (INSERT … ON CONFLICT DO UPDATE … RETURNING: atomic per row on PostgreSQL and PGlite, so hits sent by
 * two instances at once are both counted). A key whose window has ended (or that has none) starts a new one
 * with these hits, ending `windowMs` after the database's clock; otherwise they join its window. Keys are
 * written in sorted order, so two batches never wait on each other's rows in opposite orders (no deadlock).
 * (In an ON CONFLICT update, every SET expression reads the row as it was.)
 */
const ADD = `insert into rate_limit_counters as c (key, window_end, points)
  select t.key, now() + t.window_ms * interval '1 millisecond', t.points
  from jsonb_to_recordset(?::jsonb) as t(key text, window_ms integer, points integer)
  order by t.key
  on conflict (key) do update set
    points = case when c.window_end > now() then c.points + excluded.points else excluded.points end,
    window_end = case when c.window_end > now() then c.window_end else excluded.window_end end
  returning c.key, (extract(epoch from c.window_end) * 1000)::float8 as window_end_ms, c.points`;

/** The one owner of `rate_limit_counters` (docs/security.md, "Rate limits"). */
@Injectable()
export class RateLimitStore implements CounterStore {
  constructor(private readonly orm: MikroORM) {}

  private get em(): EntityManager {
    return this.orm.em as EntityManager;
  }

  async add(hits: CounterHits[]): Promise<CounterRow[]> {
    if (!hits.length) return [];
    const rows = await this.em
      .getConnection()
      .execute<{ key: string; window_end_ms: number; points: number }[]>(
        ADD,
        [
          JSON.stringify(
            hits.map((h) => ({ key: h.key, window_ms: h.windowMs, points: h.points })),
          ),
        ],
        'all',
      );
    return rows.map((r) => ({
      key: r.key,
      windowEnd: Number(r.window_end_ms),
      points: Number(r.points),
    }));
  }

  /** Forgets counts whose window ended over an hour ago (one statement: any instance may run it). */
  async sweep(): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<{ key: string }[]>(
        `delete from rate_limit_counters where window_end < now() - interval '1 hour' returning key`,
        [],
        'all',
      );
    return rows.length;
  }
}

/**
 * The same counting in one process's memory (the ADD statement's rules, row by row, on this process's
 * clock): for code built without a database, as the services' unit tests are.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly rows = new Map<string, { windowEnd: number; points: number }>();

  add(hits: CounterHits[]): Promise<CounterRow[]> {
    const now = Date.now();
    return Promise.resolve(
      hits.map((h) => {
        const c = this.rows.get(h.key);
        const next =
          c && c.windowEnd > now
            ? { windowEnd: c.windowEnd, points: c.points + h.points }
            : { windowEnd: now + h.windowMs, points: h.points };
        this.rows.set(h.key, next);
        return { key: h.key, ...next };
      }),
    );
  }
}
