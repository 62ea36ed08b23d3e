import { MikroORM } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { DynamicModule, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../config/env';
import { ormOptions } from './mikro-orm.config';

@Module({})
export class DatabaseModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Database');

  constructor(private readonly orm: MikroORM) {}

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

  /** Committed migrations run on start (idempotent; PostgreSQL serialises concurrent runs with a lock). */
  async onApplicationBootstrap() {
    const executed = await this.orm.getMigrator().up();
    if (executed.length) this.logger.log(`applied ${executed.length} migration(s)`);
  }
}
