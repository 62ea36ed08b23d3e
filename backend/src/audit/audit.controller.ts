import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Auth } from '../common/auth.decorator';
import { PageQueryDto } from '../posts/dto/post.dto';
import { AuditService } from './audit.service';
import { AuditPageDto } from './dto/audit.dto';

export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'vip.add' })
  @IsOptional()
  @MaxLength(64)
  @IsString()
  action?: string;

  @ApiPropertyOptional({ description: 'Part of the actor e-mail' })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  actor?: string;
}

@ApiTags('admin: audit')
@Auth('admin')
@Controller('api/admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOkResponse({ type: AuditPageDto })
  list(@Query() q: AuditQueryDto): Promise<AuditPageDto> {
    return this.audit.list({
      action: q.action,
      actor: q.actor,
      page: q.page,
      pageSize: q.pageSize,
    });
  }
}
