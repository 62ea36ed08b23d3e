import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { LicenseDto } from '../../licenses/dto/license.dto';
import { PageQueryDto, PaginationDto } from '../../common/dto/paging.dto';
import { VipErrorCode } from '../vip-errors';
import { VIP_BATCH_OUTCOMES, type VipBatchOutcome } from '../vip-rules';

export class AddVipEmailDto {
  @ApiProperty()
  @MaxLength(254, { message: 'Must be a valid email address' })
  @IsString({ message: 'Must be a valid email address' })
  email!: string;
}

export class BatchVipEmailsDto {
  @ApiProperty({ type: [String] })
  @ArrayMaxSize(1000, { message: 'At most 1000 addresses per batch' })
  @IsArray({ message: 'emails must be an array of strings' })
  emails!: unknown[];
}

class VipListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of an e-mail address' })
  @IsOptional()
  @MaxLength(254)
  @IsString()
  search?: string;
}

/** The VIP list pages by 20 (docs/product.md#constants). */
export class VipPageQueryDto extends VipListQueryDto {
  override pageSize: number = 20;
}

export class VipEmailDto {
  @ApiProperty() email!: string;
  @ApiProperty() addedAt!: string;
  @ApiProperty({ description: "The adding admin's e-mail, or 'system'" }) addedBy!: string;
  @ApiProperty({ description: "An admin's address (cannot be removed)" }) isAdmin!: boolean;
}

export class VipEmailPageDto {
  @ApiProperty({ type: [VipEmailDto] }) vipEmails!: VipEmailDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
  @ApiProperty({ description: 'Every listed address, whatever the search' }) totalAll!: number;
}

export class VipBatchFailureDto {
  @ApiProperty() email!: string;
  @ApiProperty({ example: 'Must be a valid email address' }) reason!: string;
  @ApiProperty({
    enum: [VipErrorCode.VIP_EMAIL_FORMAT_INVALID, VipErrorCode.VIP_EMAIL_INVALID],
    description: "The reason's error code (the interface words it in its language)",
  })
  code!: VipErrorCode;
}

export class VipBatchEntryDto {
  @ApiProperty({ description: 'The entry as typed' }) input!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The address as listed (trimmed, lower case); null when it is not one',
  })
  email!: string | null;
  @ApiProperty({ enum: VIP_BATCH_OUTCOMES }) outcome!: VipBatchOutcome;
  @ApiPropertyOptional({
    enum: [VipErrorCode.VIP_EMAIL_FORMAT_INVALID, VipErrorCode.VIP_EMAIL_INVALID],
    description: 'Why an invalid entry was refused',
  })
  code?: VipErrorCode;
}

export class VipBatchResultDto {
  @ApiProperty({ type: [String] }) added!: string[];
  @ApiProperty({ type: [String], description: 'Listed already, or repeated in the batch' })
  skipped!: string[];
  @ApiProperty({ type: [VipBatchFailureDto] }) failed!: VipBatchFailureDto[];
  @ApiProperty({
    type: [VipBatchEntryDto],
    description: "Each entry's outcome, in the order sent (docs/product.md#validation)",
  })
  entries!: VipBatchEntryDto[];
}

export class VipStatusDto {
  @ApiProperty() isVip!: boolean;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty({ type: String, nullable: true }) addedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) addedBy!: string | null;
}

export const VIP_OUTCOMES = [
  'not-eligible',
  'existing-not-eligible',
  'skipped-higher-tier',
  'already',
  'granted',
] as const;

export class VipInitializationDto {
  @ApiProperty() message!: string;
  @ApiProperty({ enum: VIP_OUTCOMES }) outcome!: (typeof VIP_OUTCOMES)[number];
  @ApiProperty() isVipEligible!: boolean;
  @ApiProperty({ type: [LicenseDto], description: "The user's seats after the call" })
  licenses!: LicenseDto[];
  @ApiProperty({ type: VipStatusDto }) vipStatus!: VipStatusDto;
}
