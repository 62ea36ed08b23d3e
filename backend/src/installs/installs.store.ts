import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CheckIn } from './install-rules';

/**
 * Writes a batch of check-ins in one statement (INSERT … ON CONFLICT DO UPDATE: atomic per row on
 * PostgreSQL and PGlite). A known site is updated only when its stored time is at least `interval` older
 * than this check-in, so several instances together still write a site at most once per interval; a field
 * the check-in does not carry keeps its stored value. Rows are written in key order (no deadlock between
 * two instances' batches).
 */
const UPSERT = `insert into site_installs as s
    (kind, product, host, first_seen_at, last_seen_at, product_version, wp_version, php_version, locale, user_id, license_id)
  select t.kind, t.product, t.host, to_timestamp(t.seen_ms / 1000.0), to_timestamp(t.seen_ms / 1000.0),
    t.product_version, t.wp_version, t.php_version, t.locale, t.user_id::uuid, t.license_id::uuid
  from jsonb_to_recordset(?::jsonb) as t(kind text, product text, host text, seen_ms float8,
    product_version text, wp_version text, php_version text, locale text, user_id text, license_id text)
  order by t.kind, t.product, t.host
  on conflict (kind, product, host) do update set
    last_seen_at = excluded.last_seen_at,
    product_version = coalesce(excluded.product_version, s.product_version),
    wp_version = coalesce(excluded.wp_version, s.wp_version),
    php_version = coalesce(excluded.php_version, s.php_version),
    locale = coalesce(excluded.locale, s.locale),
    user_id = coalesce(excluded.user_id, s.user_id),
    license_id = coalesce(excluded.license_id, s.license_id)
  where s.last_seen_at <= excluded.last_seen_at - ?::float8 * interval '1 millisecond'`;

/** A stored row as the queries answer it. */
export interface InstallRow {
  kind: string;
  product: string;
  host: string;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  product_version: string | null;
  wp_version: string | null;
  php_version: string | null;
  locale: string | null;
  user_id: string | null;
  license_id: string | null;
}

/** A count of sites by product and one field's value, seen within 7 and 30 days. */
export interface GroupCount {
  kind: string;
  product: string;
  value: string | null;
  active7: number;
  active30: number;
}

/** The one owner of `site_installs` (docs/insights.md). */
@Injectable()
export class InstallsStore {
  constructor(private readonly orm: MikroORM) {}

  private get em(): EntityManager {
    return this.orm.em as EntityManager;
  }

  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all');
  }

  /** Writes the batch; answers how many rows were inserted or updated. */
  async write(batch: (CheckIn & { seenAt: number })[], intervalMs: number): Promise<number> {
    if (!batch.length) return 0;
    const rows = JSON.stringify(
      batch.map((c) => ({
        kind: c.kind,
        product: c.product,
        host: c.host,
        seen_ms: c.seenAt,
        product_version: c.productVersion,
        wp_version: c.wpVersion,
        php_version: c.phpVersion,
        locale: c.locale,
        user_id: c.userId,
        license_id: c.licenseId,
      })),
    );
    const result = await this.em
      .getConnection()
      .execute<{ affectedRows?: number; rows?: unknown[] }>(UPSERT, [rows, intervalMs], 'run');
    return Number(result?.affectedRows ?? 0);
  }

  /** Sites per product: seen within 7 and 30 days, stopped (seen before `stoppedBefore`), all rows. */
  products(week: Date, month: Date) {
    return this.run<{
      kind: string;
      product: string;
      active7: string | number;
      active30: string | number;
      stopped: string | number;
      total: string | number;
    }>(
      `select kind, product,
         count(*) filter (where last_seen_at >= ?) as active7,
         count(*) filter (where last_seen_at >= ?) as active30,
         count(*) filter (where last_seen_at < ?) as stopped,
         count(*) as total
       from site_installs group by kind, product order by kind, product`,
      [week, month, month],
    );
  }

  /** Sites seen within 30 days by product and the exact value of one column. */
  async grouped(
    column: 'product_version' | 'wp_version' | 'php_version' | 'locale',
    week: Date,
    month: Date,
  ): Promise<GroupCount[]> {
    const rows = await this.run<{
      kind: string;
      product: string;
      value: string | null;
      active7: string | number;
      active30: string | number;
    }>(
      `select kind, product, ${column} as value,
         count(*) filter (where last_seen_at >= ?) as active7,
         count(*) as active30
       from site_installs where last_seen_at >= ?
       group by kind, product, ${column}`,
      [week, month],
    );
    return rows.map((r) => ({ ...r, active7: Number(r.active7), active30: Number(r.active30) }));
  }

  /** The most recently seen sites that have stopped checking in (last seen before `month`). */
  stopped(month: Date, limit: number) {
    return this.run<InstallRow>(
      `select * from site_installs where last_seen_at < ? order by last_seen_at desc, host limit ?`,
      [month, limit],
    );
  }

  /** One customer's sites, most recently seen first. */
  forUser(userId: string, limit: number) {
    return this.run<InstallRow>(
      `select * from site_installs where user_id = ? order by last_seen_at desc, kind, product, host limit ?`,
      [userId, limit],
    );
  }

  /** Deletes rows unseen since `before` (one statement: any instance may run it). */
  async sweep(before: Date): Promise<number> {
    const rows = await this.run<{ host: string }>(
      `delete from site_installs where last_seen_at < ? returning host`,
      [before],
    );
    return rows.length;
  }
}
