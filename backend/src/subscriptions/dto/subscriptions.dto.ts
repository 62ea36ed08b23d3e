import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { PageQueryDto, PaginationDto } from '../../common/dto/paging.dto';

export class OverviewQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of an e-mail, a nickname or a bound domain' })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  search?: string;

  /** The overview pages by 20 (docs/product.md#constants). */
  override pageSize: number = 20;
}

export class AdminDomainDto {
  @ApiProperty({ type: String, nullable: true, description: 'null or empty: unbind' })
  @ValidateIf((_, v) => v !== null)
  @MaxLength(2048)
  @IsString({ message: 'Website URL is required' })
  websiteUrl!: string | null;
}

/** A bound seat as the overview lists it (and as the domain change answers it). */
export class OverviewLicenseDto {
  @ApiProperty() id!: string;
  @ApiProperty() seatIndex!: number;
  @ApiProperty({ type: String, nullable: true }) websiteUrl!: string | null;
  @ApiProperty() bindingChangesLeft!: number;
  /** In the overview (not in a domain change's answer); revoked counts for nothing (docs/rules.md, "Entitlements"). */
  @ApiPropertyOptional({ enum: ['active', 'expired', 'revoked'] })
  status?: 'active' | 'expired' | 'revoked';
}

export class SubscriptionUserDto {
  @ApiProperty() userId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "'Basic', 'VIP', 'Pro' or 'Max'; null before any purchase",
  })
  tierLabel!: string | null;
  @ApiProperty({ description: 'Bound seats' }) seatsUsed!: number;
  @ApiProperty() seatCount!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The last paid order' })
  lastOrderAt!: string | null;
  @ApiProperty({ description: 'Paid orders that granted nothing: to refund' })
  ordersNeedingRefund!: number;
  @ApiProperty({ type: [OverviewLicenseDto], description: 'Bound seats only' })
  licenses!: OverviewLicenseDto[];
}

export class SubscriptionUserPageDto {
  @ApiProperty({ type: [SubscriptionUserDto] }) items!: SubscriptionUserDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class AdminDomainResultDto {
  @ApiProperty({ type: OverviewLicenseDto }) license!: OverviewLicenseDto;
}
