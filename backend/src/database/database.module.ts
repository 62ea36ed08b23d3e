import { MikroORM } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import {
  DynamicModule,
  Inject,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { closeEmbedded, ormOptions } from './mikro-orm.config';
import { runSeeders } from './seeders';
import { checkKeys } from '../ops/keys';

/** Arbitrary constant key of the PostgreSQL advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 748_221_903;

@Module({})
export class DatabaseModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRootAsync({
          driver: PostgreSqlDriver,
          useFactory: () => ormOptions(config),
        }),
      ],
    };
  }

  /**
   * Committed migrations (then the sample-data seeders and the first releases of RELEASES_DIR) run on start. On PostgreSQL several instances may start at once: an advisory
   * lock (on its own connection) lets one migrate while the others wait, then find nothing pending.
   */
  async onApplicationBootstrap() {
    const lock = this.config.databaseUrl
      ? new Client({ connectionString: this.config.databaseUrl })
      : undefined;
    try {
      if (lock) {
        await lock.connect();
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      }
      const executed = await this.orm.getMigrator().up();
      if (executed.length) this.logger.log(`applied ${executed.length} migration(s)`);
      // The data's secrets are the configured ones (docs/operations.md, "Keys"): else stop here.
      const connection = this.orm.em.getConnection();
      await checkKeys((sql, params) => connection.execute(sql, params), this.config);
      const seeded = await runSeeders(this.orm.em.fork() as EntityManager, {
        releasesDir: this.config.releasesDir,
      });
      if (seeded.length) this.logger.log(`seeded ${seeded.join(', ')}`);
    } finally {
      await lock?.end(); // ending the connection releases the lock
    }
  }

  /** After the ORM closed its connection (MikroOrmModule shuts down first), the embedded database. */
  async onApplicationShutdown() {
    await this.orm.close();
    await closeEmbedded(this.config);
  }
}
