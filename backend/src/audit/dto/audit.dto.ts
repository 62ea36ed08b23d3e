import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../posts/dto/post.dto';

const SNAPSHOT = {
  type: 'object',
  additionalProperties: true,
  nullable: true,
} as const;

export class AuditEntryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: "The admin's e-mail, or 'system' for automatic grants" })
  actor!: string;
  @ApiProperty({ example: 'vip.add' }) action!: string;
  @ApiProperty({ description: 'What was changed: an e-mail, a code, an id' }) target!: string;
  @ApiProperty({ ...SNAPSHOT, description: 'The record before the change' })
  before!: unknown;
  @ApiProperty({ ...SNAPSHOT, description: 'The record after the change' })
  after!: unknown;
  @ApiProperty() createdAt!: string;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto] }) items!: AuditEntryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
