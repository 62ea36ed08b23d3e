import { ApiProperty } from '@nestjs/swagger';
import { TIERS, type Tier } from '@seatkeeper/domain';
import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { AuditEntryDto } from '../../audit/dto/audit.dto';
import { SeatEventDto } from '../../licenses/dto/license.dto';

const TIER_LIST = `tier must be one of ${TIERS.join(', ')}`;

/** Every action of the customer page says why (recorded in its audit entry). */
export class CustomerActionDto {
  @ApiProperty({ description: 'Why (required; recorded in the audit log)', maxLength: 500 })
  @Matches(/\S/, { message: 'reason must not be empty' })
  @MaxLength(500)
  @IsString()
  reason!: string;
}

export class GrantPlanDto extends CustomerActionDto {
  @ApiProperty({ enum: TIERS, description: 'The plan to give: above the current one' })
  @IsIn(TIERS, { message: TIER_LIST })
  tier!: Tier;
}

export class CustomerProfileDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty() createdAt!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The latest sign-in among the stored sessions (null: not known)',
  })
  lastSignInAt!: string | null;
  @ApiProperty({ description: 'Live sessions (signed-in browsers)' }) activeSessions!: number;
  @ApiProperty({ description: 'On the VIP list (or an admin)' }) isVip!: boolean;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The interface language chosen (null: never chose)',
  })
  language!: string | null;
  @ApiProperty({ enum: TIERS, nullable: true, description: 'The current plan (highest held seat)' })
  tier!: Tier | null;
  @ApiProperty({ enum: TIERS, isArray: true, description: 'The plans a grant may give' })
  grantableTiers!: Tier[];
}

export class OrderGrantDto {
  @ApiProperty({ nullable: true, type: String, description: "The granting admin's e-mail" })
  grantedBy!: string | null;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
}

export class CustomerOrderDto {
  @ApiProperty({ description: 'The public order number' }) orderId!: string;
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({ enum: TIERS, nullable: true }) upgradedFromTier!: Tier | null;
  @ApiProperty({ description: 'Integer cents' }) amount!: number;
  @ApiProperty() currency!: string;
  @ApiProperty({ enum: ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] })
  status!: string;
  @ApiProperty({ nullable: true, type: String }) refundStatus!: string | null;
  @ApiProperty() paymentGateway!: string;
  @ApiProperty({ nullable: true, type: String }) paymentMethod!: string | null;
  @ApiProperty() needsRefund!: boolean;
  @ApiProperty({ type: OrderGrantDto, nullable: true, description: "An admin's free grant" })
  granted!: OrderGrantDto | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) paidAt!: string | null;
}

export class CustomerSeatAiDto {
  @ApiProperty({ description: 'A base URL and a key are saved' }) configured!: boolean;
  @ApiProperty({ nullable: true, type: String, description: "The base URL's host" })
  provider!: string | null;
  @ApiProperty({ nullable: true, type: String }) baseUrl!: string | null;
  @ApiProperty({ nullable: true, type: String }) model!: string | null;
  @ApiProperty({ nullable: true, type: String }) updatedAt!: string | null;
}

export class CustomerSeatDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() seatIndex!: number;
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({ enum: ['yearly', 'permanent'] }) licenseType!: string;
  @ApiProperty({ enum: ['active', 'expired', 'revoked'] }) status!:
    'active' | 'expired' | 'revoked';
  @ApiProperty({ nullable: true, type: String }) websiteUrl!: string | null;
  @ApiProperty() bindingChangesLeft!: number;
  @ApiProperty({ nullable: true, type: String }) lastBindingChangeAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) expiresAt!: string | null;
  @ApiProperty() purchasedAt!: string;
  @ApiProperty({ nullable: true, type: String }) revokedAt!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The number of the order that gave it',
  })
  orderId!: string | null;
  @ApiProperty({ type: CustomerSeatAiDto, description: 'The AI provider (never the key)' })
  ai!: CustomerSeatAiDto;
  @ApiProperty({
    type: [SeatEventDto],
    description:
      "The seat's history, oldest first: the customer's binds and rebinds, admin domain edits, resets and its revocation (who, when, from, to, client address)",
  })
  bindingHistory!: SeatEventDto[];
}

export class CustomerDetailDto {
  @ApiProperty({ type: CustomerProfileDto }) profile!: CustomerProfileDto;
  @ApiProperty({ type: [CustomerOrderDto], description: 'The latest orders, newest first' })
  orders!: CustomerOrderDto[];
  @ApiProperty({ type: [CustomerSeatDto] }) seats!: CustomerSeatDto[];
  @ApiProperty({ type: [AuditEntryDto], description: 'Recent audit entries about the customer' })
  audit!: AuditEntryDto[];
  @ApiProperty({ description: "The seller's time zone (IANA), in which the page tells times" })
  timeZone!: string;
}

export class GrantPlanResultDto {
  @ApiProperty({ description: 'The zero-amount order' }) orderId!: string;
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({ description: 'Seats held after the grant' }) seats!: number;
}

export class SeatActionResultDto {
  @ApiProperty({ format: 'uuid' }) licenseId!: string;
  @ApiProperty() seatIndex!: number;
  @ApiProperty() bindingChangesLeft!: number;
  @ApiProperty({ nullable: true, type: String }) revokedAt!: string | null;
}

export class SignOutResultDto {
  @ApiProperty({ description: 'Live sessions ended' }) sessionsEnded!: number;
}
