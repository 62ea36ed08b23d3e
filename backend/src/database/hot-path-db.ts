import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/env';

/**
 * Read queries of the hot paths (the plugin's token lookup and licence check, the console's licence list).
 * On PostgreSQL they go straight to a small pg pool of their own, skipping the ORM's query builder (which
 * costs more than the query itself at thousands of calls a second); on the embedded database they use the
 * ORM's single connection. Same SQL either way: write it with `?` placeholders.
 */
@Injectable()
export class HotPathDb implements OnModuleDestroy {
  private readonly logger = new Logger('HotPathDb');
  private readonly pool?: Pool;
  private readonly texts = new Map<string, string>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly em: EntityManager,
  ) {
    if (config.databaseUrl) {
      this.pool = new Pool({
        connectionString: config.databaseUrl,
        max: 10,
        idleTimeoutMillis: 30_000,
      });
      this.pool.on('error', (e) => this.logger.warn(`idle connection error: ${e.message}`));
    }
  }

  async rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    if (!this.pool) return this.em.getConnection().execute<T[]>(sql, params);
    let text = this.texts.get(sql);
    if (!text) {
      let n = 0;
      text = sql.replace(/\?/g, () => `$${++n}`);
      this.texts.set(sql, text);
    }
    return (await this.pool.query({ text, values: params })).rows as T[];
  }

  async onModuleDestroy() {
    await this.pool?.end();
  }
}
