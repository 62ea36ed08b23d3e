import { Controller, Get } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Public } from '../common/auth.decorator';
import { CommonError, CommonErrorCode } from '../common/common-errors';

class HealthDto {
  @ApiProperty({ example: 'ok' }) status!: string;
}

class ReadyDto {
  @ApiProperty({ example: 'ready' }) status!: string;
  @ApiProperty({ example: 42, description: 'Migrations applied (all of them)' })
  migrations!: number;
}

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
  ) {}

  /** Liveness (docs/deployment.md, health check): one `select 1`, nothing more. */
  @Public()
  @Get()
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  async check(): Promise<HealthDto> {
    try {
      await this.em.getConnection().execute('select 1');
      return { status: 'ok' };
    } catch {
      throw new CommonError(CommonErrorCode.DATABASE_UNAVAILABLE);
    }
  }

  /**
   * Readiness for a load balancer (docs/monitoring.md): the database answers and every migration this build
   * carries is applied (an instance of a newer build on a database not migrated yet, or a restore from an
   * older backup, is not ready). 503 in the error shape otherwise, naming what is missing.
   */
  @Public()
  @Get('ready')
  @ApiOperation({
    summary:
      'Readiness: the database answers and all migrations are applied (503 otherwise, with the reason)',
  })
  @ApiOkResponse({ type: ReadyDto })
  @ApiServiceUnavailableResponse({
    description:
      'DATABASE_UNAVAILABLE (the database does not answer) or SERVICE_UNAVAILABLE with `pendingMigrations` (their names)',
  })
  async ready(): Promise<ReadyDto> {
    let pending: { name: string }[];
    let executed: number;
    try {
      await this.em.getConnection().execute('select 1');
      const migrator = this.orm.getMigrator();
      pending = await migrator.getPendingMigrations();
      executed = (await migrator.getExecutedMigrations()).length;
    } catch {
      throw new CommonError(CommonErrorCode.DATABASE_UNAVAILABLE);
    }
    if (pending.length)
      throw new CommonError(CommonErrorCode.SERVICE_UNAVAILABLE, {
        text: `${pending.length} database migration(s) not applied: ${pending.map((m) => m.name).join(', ')}`,
        details: { pendingMigrations: pending.map((m) => m.name) },
      });
    return { status: 'ready', migrations: executed };
  }
}
