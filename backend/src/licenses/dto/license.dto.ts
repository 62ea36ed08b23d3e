import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { TIERS, type Tier } from '@seatkeeper/domain';

export class AiConfigStatusDto {
  @ApiProperty() configured!: boolean;
  @ApiProperty({ type: String, nullable: true }) lastUpdated!: string | null;
  @ApiProperty({ type: String, nullable: true }) maskedApiKey!: string | null;
  @ApiProperty({ type: String, nullable: true }) baseUrl!: string | null;
}

export class LicenseDto {
  @ApiProperty() id!: string;
  @ApiProperty() userId!: string;
  @ApiProperty({ enum: ['yearly', 'permanent'] }) licenseType!: 'yearly' | 'permanent';
  @ApiProperty({ type: String, nullable: true }) websiteUrl!: string | null;
  @ApiProperty() bindingChangesLeft!: number;
  @ApiProperty({ type: String, nullable: true }) expiresAt!: string | null;
  @ApiProperty() purchasedAt!: string;
  @ApiProperty({ type: String, nullable: true }) lastBindingChangeAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) orderId!: string | null;
  @ApiProperty({ enum: TIERS }) purchaseTier!: Tier;
  @ApiProperty() seatIndex!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiProperty({ type: String, nullable: true }) aiBaseUrl!: string | null;
  @ApiProperty({ type: AiConfigStatusDto }) aiConfigStatus!: AiConfigStatusDto;
  /** revoked: its order was refunded or an admin revoked it (docs/rules.md, "Entitlements"). */
  @ApiProperty({ enum: ['active', 'expired', 'revoked'] }) status!:
    'active' | 'expired' | 'revoked';
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When the seat was revoked (its order refunded): it licenses nothing any more',
  })
  revokedAt!: string | null;
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description:
      "When the plugin last checked this seat's site (to the minute; null: never). Recorded off the check's answer path, at most once a minute per seat",
  })
  lastCheckedAt!: string | null;
}

export class SeatSummaryDto {
  @ApiProperty({ enum: TIERS, nullable: true }) tier!: Tier | null;
  @ApiProperty({ type: String, nullable: true }) planName!: string | null;
  @ApiProperty() bound!: number;
  @ApiProperty() seatTotal!: number;
}

export class LicenseListDto {
  @ApiProperty({ type: [LicenseDto] }) licenses!: LicenseDto[];
  @ApiProperty({ type: SeatSummaryDto }) summary!: SeatSummaryDto;
}

export class BindLicenseDto {
  @ApiProperty({ example: 'https://www.example.com/blog' })
  @MaxLength(2048)
  @IsNotEmpty({ message: 'Website URL is required' })
  @IsString({ message: 'Website URL is required' })
  websiteUrl!: string;
}

export class BindResultDto {
  @ApiProperty({ type: LicenseDto }) license!: LicenseDto;
  @ApiProperty({ enum: ['bound', 'rebound', 'unchanged'] }) action!:
    'bound' | 'rebound' | 'unchanged';
}

export class LicenseCheckDto {
  @ApiPropertyOptional({ description: 'The site asking: a bare domain or a URL' })
  @MaxLength(2048)
  @IsNotEmpty({ message: 'Domain is required' })
  @IsString({ message: 'Domain is required' })
  domain!: string;

  @ApiPropertyOptional({
    description:
      'The activation code, when the request has no Authorization: Bearer header (docs/wordpress.md)',
  })
  @IsOptional()
  @MaxLength(512)
  @IsString()
  license_key?: string;

  // Install insights (docs/insights.md): optional, and ignored (never refused) when malformed.
  @ApiPropertyOptional({
    description: 'Install insights: the product slug (as in the update channel)',
  })
  @IsOptional()
  product?: string;

  @ApiPropertyOptional({
    enum: ['plugin', 'theme'],
    description: 'Install insights: plugin (default) or theme',
  })
  @IsOptional()
  kind?: string;

  @ApiPropertyOptional({ description: 'Install insights: the product version the site runs' })
  @IsOptional()
  version?: string;

  @ApiPropertyOptional({ description: "Install insights: the site's WordPress version" })
  @IsOptional()
  wp_version?: string;

  @ApiPropertyOptional({ description: "Install insights: the site's PHP version" })
  @IsOptional()
  php_version?: string;

  @ApiPropertyOptional({ description: "Install insights: the site's locale (e.g. zh_CN)" })
  @IsOptional()
  locale?: string;
}

export class CheckedLicenseDto {
  @ApiProperty() seatIndex!: number;
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({ enum: ['yearly', 'permanent'] }) licenseType!: 'yearly' | 'permanent';
  @ApiProperty({ type: String, nullable: true }) expiresAt!: string | null;
}

export class LicenseCheckResultDto {
  @ApiProperty() valid!: boolean;
  @ApiProperty({
    enum: ['VALID', 'TOKEN_INVALID', 'DOMAIN_NOT_BOUND', 'LICENSE_EXPIRED', 'LICENSE_REVOKED'],
  })
  code!: 'VALID' | 'TOKEN_INVALID' | 'DOMAIN_NOT_BOUND' | 'LICENSE_EXPIRED' | 'LICENSE_REVOKED';
  @ApiProperty({ type: CheckedLicenseDto, nullable: true }) license!: CheckedLicenseDto | null;
  @ApiPropertyOptional({ description: 'True for development hosts, which never use a seat' })
  development?: boolean;
  @ApiProperty({
    description: 'The site checked, as normalised (host and port; www. dropped)',
    example: 'shop.example.com',
  })
  domain!: string;
  @ApiProperty({ description: 'When the store answered (ISO-8601, UTC)', format: 'date-time' })
  checkedAt!: string;
}

/** One event of a seat's history (docs/rules.md, "Seat history"), oldest first in a list. */
export class SeatEventDto {
  @ApiProperty({
    enum: ['bind', 'domain', 'reset', 'revoke'],
    description:
      'bind: the customer bound or rebound the seat; domain: an admin set, changed or cleared its domain; reset: an admin gave its binding changes back; revoke: an admin revoked it',
  })
  kind!: 'bind' | 'domain' | 'reset' | 'revoke';
  @ApiProperty({ enum: ['customer', 'admin'] }) by!: 'customer' | 'admin';
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "Who acted (an e-mail); null in the customer's view of an admin's action (by the store)",
  })
  actor!: string | null;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The domain before' })
  from!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The domain after' })
  to!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The client address the change came from (null: not recorded or not shown)',
  })
  ip!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Binding changes left after it' })
  changesLeft!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The admin's reason (admin views only)",
  })
  reason!: string | null;
}

export class SeatHistoryDto {
  @ApiProperty({ format: 'uuid' }) licenseId!: string;
  @ApiProperty() seatIndex!: number;
  @ApiProperty({ type: [SeatEventDto], description: 'Oldest first' }) events!: SeatEventDto[];
}
