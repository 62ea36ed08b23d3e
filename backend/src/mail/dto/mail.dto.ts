import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto, PaginationDto } from '../../common/dto/paging.dto';
import {
  MAIL_LANGUAGES,
  MAIL_STATUSES,
  type MailLanguage,
  type MailStatus,
} from '../mail-message.entity';
import type { MailRow } from '../mail-outbox.repository';

export class MailQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: MAIL_STATUSES })
  @IsOptional()
  @IsIn([...MAIL_STATUSES], { message: `status must be one of ${MAIL_STATUSES.join(', ')}` })
  status?: MailStatus;

  @ApiPropertyOptional({ description: 'Part of the recipient address' })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  search?: string;
}

export class MailItemDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'order-paid' }) kind!: string;
  @ApiProperty() recipient!: string;
  @ApiProperty({ enum: MAIL_LANGUAGES }) language!: MailLanguage;
  @ApiProperty() subject!: string;
  @ApiProperty({ enum: MAIL_STATUSES }) status!: MailStatus;
  @ApiProperty({ description: 'Attempts made so far' }) attempts!: number;
  @ApiProperty({ description: 'When a queued message is (next) due' }) nextAttemptAt!: string;
  @ApiProperty({ type: String, nullable: true, description: "The last failed attempt's error" })
  lastError!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) sentAt!: string | null;

  static from(row: MailRow): MailItemDto {
    return {
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      language: row.language,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    };
  }
}

export class MailPageDto {
  @ApiProperty({ type: [MailItemDto] }) items!: MailItemDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
  @ApiProperty({ description: 'False when SMTP_URL is not set: messages stay queued' })
  sending!: boolean;
}

export class MailResendDto {
  @ApiProperty({ type: MailItemDto }) mail!: MailItemDto;
}
