import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsIsoDateInRange } from '../common/validators';
import { Auth } from '../common/auth.decorator';
import { PageQueryDto } from '../common/dto/paging.dto';
import { TARGET_FILTER } from './audit-rules';
import { AuditService } from './audit.service';
import { AuditPageDto } from './dto/audit.dto';

export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'vip.add', description: 'One action (exact)' })
  @IsOptional()
  @Matches(/^[a-z0-9_.-]*$/, { message: 'action must be an action name such as vip.add' })
  @MaxLength(64)
  @IsString()
  action?: string;

  @ApiPropertyOptional({
    description: "Part of the actor's e-mail (an admin's, or the customer's who acted)",
  })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  actor?: string;

  @ApiPropertyOptional({
    description:
      "What the entries are about: a customer's e-mail (entries on the customer, their orders and seats, and their own actions), an order number (SK…), or a seat's licence id",
    example: 'SK20260101120000123456789012',
  })
  @IsOptional()
  @Matches(TARGET_FILTER, {
    message: "target must be a customer's e-mail, an order number or a seat id",
  })
  @MaxLength(200)
  @IsString()
  target?: string;

  @ApiPropertyOptional({
    description:
      "At or after (ISO 8601 date or date-time; a date is its midnight in the seller's time zone, SELLER_TIME_ZONE)",
    example: '2026-01-01',
  })
  @IsOptional()
  @IsIsoDateInRange({ message: 'from must be an ISO 8601 date' })
  from?: string;

  @ApiPropertyOptional({
    description:
      "Before (ISO 8601 date-time, exclusive); a date alone includes that whole day in the seller's time zone",
    example: '2026-01-31',
  })
  @IsOptional()
  @IsIsoDateInRange({ message: 'to must be an ISO 8601 date' })
  to?: string;
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
      target: q.target,
      from: q.from,
      to: q.to,
      page: q.page,
      pageSize: q.pageSize,
    });
  }
}
