import { Controller, Get } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import { Public } from '../common/auth.decorator';
import { CommonError, CommonErrorCode } from '../common/common-errors';

class HealthDto {
  @ApiProperty({ example: 'ok' }) status!: string;
}

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly em: EntityManager) {}

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
}
