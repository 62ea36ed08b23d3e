import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DISCOUNT_TIERS, type DiscountKind, type DiscountTier } from '@seatkeeper/domain';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { INT32_MAX } from '../../common/input-rules';
import { IsIsoDateInRange } from '../../common/validators';
import type { Discount } from '../discount.entity';

export class SaveDiscountDto {
  @ApiPropertyOptional({ description: 'Present to edit an existing discount' })
  @IsOptional()
  @IsUUID('4', { message: 'Discount not found' })
  id?: string;

  @ApiPropertyOptional({
    enum: DISCOUNT_TIERS,
    description:
      "The code's plan (the spec's single-plan body). Required unless `tiers` is given; a body without `tiers` makes the code valid for this plan only",
  })
  @ValidateIf((o: SaveDiscountDto) => o.tiers === undefined || o.tier !== undefined)
  @IsIn(DISCOUNT_TIERS, { message: 'tier must be basic, pro or ultra' })
  tier?: DiscountTier;

  @ApiPropertyOptional({
    type: [String],
    enum: DISCOUNT_TIERS,
    nullable: true,
    description:
      'The plans the code is valid for; null: every plan; absent: [tier] (docs/rules.md, "Discount codes")',
  })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @ArrayUnique({ message: 'tiers must not repeat a plan' })
  @ArrayMaxSize(DISCOUNT_TIERS.length)
  @ArrayMinSize(1, { message: 'tiers needs at least one plan (null: every plan)' })
  @IsIn(DISCOUNT_TIERS, { each: true, message: 'tiers must be basic, pro or ultra' })
  @IsArray({ message: 'tiers must be a list of plans or null' })
  tiers?: DiscountTier[] | null;

  @ApiPropertyOptional({
    enum: ['amount', 'percent'],
    default: 'amount',
    description: "'amount': discountAmount cents off; 'percent': percentOff % off",
  })
  @IsOptional()
  @IsIn(['amount', 'percent'], { message: "kind must be 'amount' or 'percent'" })
  kind?: DiscountKind;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 100,
    description: 'Percent off, an integer 1–100: required when kind is percent, else ignored',
  })
  @ValidateIf((o: SaveDiscountDto) => o.kind === 'percent')
  @Max(100, { message: 'percentOff must be an integer from 1 to 100' })
  @Min(1, { message: 'percentOff must be an integer from 1 to 100' })
  @IsInt({ message: 'percentOff must be an integer from 1 to 100' })
  percentOff?: number | null;

  @ApiPropertyOptional({
    default: false,
    description:
      'A customer may hold one use of the code (a pending or paid order; a refund keeps it)',
  })
  @IsOptional()
  @IsBoolean({ message: 'oncePerCustomer must be true or false' })
  oncePerCustomer?: boolean;

  @ApiProperty()
  @MaxLength(64)
  @IsNotEmpty({ message: 'code is required' })
  @IsString({ message: 'code is required' })
  code!: string;

  @ApiPropertyOptional({
    description:
      'Reduction in cents (the form enters yuan × 100, rounded); required for an amount code, ignored (0) for a percent code',
  })
  @ValidateIf((o: SaveDiscountDto) => o.kind !== 'percent' || o.discountAmount !== undefined)
  @Max(INT32_MAX) // an integer column
  @Min(0, { message: '折扣金额需为非负数字' })
  @IsInt({ message: '折扣金额需为非负数字' })
  discountAmount?: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'ISO date-time; null: effective immediately',
  })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @IsIsoDateInRange()
  startsAt?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'ISO date-time; null: no end' })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @IsIsoDateInRange()
  expiresAt?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null: unlimited; minimum 1' })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @Max(INT32_MAX)
  @Min(1, { message: 'usageLimit must be at least 1' })
  @IsInt({ message: 'usageLimit must be at least 1' })
  usageLimit?: number | null;
}

export class DiscountDto {
  @ApiProperty() id!: string;
  @ApiProperty({
    enum: DISCOUNT_TIERS,
    description: 'The first plan of `tiers` (basic for every plan), for clients that know one plan',
  })
  tier!: DiscountTier;
  @ApiProperty({
    type: [String],
    enum: DISCOUNT_TIERS,
    nullable: true,
    description: 'The plans the code is valid for; null: every plan',
  })
  tiers!: DiscountTier[] | null;
  @ApiProperty() code!: string;
  @ApiProperty({ enum: ['amount', 'percent'] }) kind!: DiscountKind;
  @ApiProperty({ description: 'cents (0 for a percent code)' }) discountAmount!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Percent off (a percent code), else null',
  })
  percentOff!: number | null;
  @ApiProperty({ type: String, nullable: true }) startsAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) expiresAt!: string | null;
  @ApiProperty({ type: Number, nullable: true }) usageLimit!: number | null;
  @ApiProperty() usageCount!: number;
  @ApiProperty({ description: 'A customer may hold one use of the code' })
  oncePerCustomer!: boolean;

  /** The plain fields of a discount (also the audit's before/after of `discount.save`). */
  static from(d: Discount): DiscountDto {
    return {
      id: d.id,
      tier: d.tiers?.[0] ?? d.tier,
      tiers: d.tiers === undefined ? [d.tier] : d.tiers,
      code: d.code,
      kind: d.kind,
      discountAmount: d.discountAmount,
      percentOff: d.kind === 'percent' ? (d.percentOff ?? null) : null,
      startsAt: d.startsAt ? d.startsAt.toISOString() : null,
      expiresAt: d.expiresAt ? d.expiresAt.toISOString() : null,
      usageLimit: d.usageLimit ?? null,
      usageCount: d.usageCount,
      oncePerCustomer: d.oncePerCustomer,
    };
  }
}

/** An admin's question: would this code be accepted for this plan (and this customer) now, and if not why. */
export class CheckDiscountDto {
  @ApiProperty()
  @MaxLength(64)
  @IsNotEmpty({ message: 'code is required' })
  @IsString({ message: 'code is required' })
  code!: string;

  @ApiProperty({ enum: DISCOUNT_TIERS })
  @IsIn(DISCOUNT_TIERS, { message: 'tier must be basic, pro or ultra' })
  tier!: DiscountTier;

  @ApiPropertyOptional({
    description: "A customer's e-mail: also checks once-per-customer for that account",
  })
  @IsOptional()
  @MaxLength(320)
  @IsEmail({}, { message: 'Invalid email format' })
  email?: string;
}

export const DISCOUNT_CHECK_REASONS = [
  'DISCOUNT_CODE_UNKNOWN',
  'DISCOUNT_WRONG_TIER',
  'DISCOUNT_NOT_ACTIVE_YET',
  'DISCOUNT_EXPIRED',
  'DISCOUNT_USED_UP',
  'DISCOUNT_ALREADY_USED',
] as const;
export type DiscountCheckReason = (typeof DISCOUNT_CHECK_REASONS)[number];

export class DiscountCheckDto {
  @ApiProperty({ description: 'The code would be accepted' }) valid!: boolean;
  @ApiProperty({
    type: String,
    enum: DISCOUNT_CHECK_REASONS,
    nullable: true,
    description:
      'Why not, precisely (customers get one answer for unknown, other plan and not yet started: DISCOUNT_WRONG_TIER)',
  })
  reason!: DiscountCheckReason | null;
  @ApiProperty({ type: DiscountDto, nullable: true }) discount!: DiscountDto | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'With an e-mail: whether an account has that address (null without one)',
  })
  customerFound!: boolean | null;
}

export class DiscountListDto {
  @ApiProperty({ type: [DiscountDto] }) discounts!: DiscountDto[];
}

export class SavedDiscountDto {
  @ApiProperty({ type: DiscountDto }) discount!: DiscountDto;
}
