import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { MetricsService } from '../metrics/metrics.service';

/** Plain selects only (a `with` could hide a data-modifying statement). */
const READ_ONLY = /^\s*select\b/i;

/**
 * Read queries of the hot paths (the plugin's token lookup and licence check, the console's licence list).
 * On PostgreSQL they go straight to a small pg pool of their own, skipping the ORM's query builder (which
 * costs more than the query itself at thousands of calls a second); on the embedded database they use the
 * ORM's single connection. Same SQL either way: write it with `?` placeholders.
 *
 * Private plumbing of the repositories: only `*.repository.ts` files may import it (an ESLint rule), so every
 * statement it runs is a named, typed method of the repository that owns the table (LicenseRepository,
 * TokenRepository). Reads only: a statement that is not a plain `select` is refused.
 */
@Injectable()
export class HotPathDb implements OnModuleDestroy {
  private readonly logger = new Logger('HotPathDb');
  private readonly pool?: Pool;
  private readonly texts = new Map<string, string>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly em: EntityManager,
    @Optional() metrics?: MetricsService,
  ) {
    if (config.databaseUrl) {
      this.pool = new Pool({
        connectionString: config.databaseUrl,
        max: 10,
        idleTimeoutMillis: 30_000,
      });
      this.pool.on('error', (e) => this.logger.warn(`idle connection error: ${e.message}`));
      const pool = this.pool;
      // Its connections in seatkeeper_db_pool_connections (docs/monitoring.md).
      metrics?.addPool('hot_path', () => ({
        used: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }));
    }
  }

  async rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    let text = this.texts.get(sql);
    if (text === undefined) {
      if (!READ_ONLY.test(sql)) throw new Error('HotPathDb runs read queries only');
      let n = 0;
      text = sql.replace(/\?/g, () => `$${++n}`);
      this.texts.set(sql, text);
    }
    if (!this.pool) return this.em.getConnection().execute<T[]>(sql, params);
    return (await this.pool.query({ text, values: params })).rows as T[];
  }

  async onModuleDestroy() {
    await this.pool?.end();
  }
}
