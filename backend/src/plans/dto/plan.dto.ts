import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TIERS, type Tier } from '@seatkeeper/domain';
import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { IsIsoDateInRange } from '../../common/validators';

/** A text in both languages of the interface (docs/architecture.md, Language). */
export class LocalizedTextDto {
  @ApiProperty({ name: 'zh-CN' }) 'zh-CN'!: string;
  @ApiProperty() en!: string;
}

export class PlanDto {
  @ApiProperty({ enum: TIERS }) key!: Tier;
  @ApiProperty({ description: 'The Chinese name (names has both languages)' }) name!: string;
  @ApiProperty({ description: "Name plus ' 套餐'" }) displayName!: string;
  @ApiProperty({ description: 'The Chinese description (descriptions has both languages)' })
  description!: string;
  @ApiProperty() seatCount!: number;
  @ApiProperty({ description: 'cents' }) priceCents!: number;
  @ApiProperty() upgradeRank!: number;
  @ApiProperty({ description: 'Shown and on sale (never vip)' }) isPublic!: boolean;
  @ApiProperty({ enum: ['current', 'included', 'purchasable', 'unavailable'] }) state!: string;
  @ApiProperty() isCurrent!: boolean;
  @ApiProperty() owned!: boolean;
  @ApiProperty() includedInCurrent!: boolean;
  @ApiProperty() purchasable!: boolean;
  @ApiProperty() isUpgrade!: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'What this user pays before any discount, cents',
  })
  upgradePrice!: number | null;
  @ApiProperty({ type: LocalizedTextDto }) names!: LocalizedTextDto;
  @ApiProperty({ type: LocalizedTextDto }) descriptions!: LocalizedTextDto;
  @ApiProperty({
    type: LocalizedTextDto,
    nullable: true,
    description: 'e.g. LIMITED OFFER; null when none or past its end date',
  })
  badge!: LocalizedTextDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'When the badge stops being shown' })
  badgeEndsAt!: string | null;
  @ApiProperty({ description: 'Shown on the plan page (the seller may hide a plan)' })
  shown!: boolean;
  @ApiProperty({ description: 'Order on the page, smallest first' }) sortOrder!: number;
}

export class PlanListDto {
  @ApiProperty({ enum: TIERS, nullable: true }) currentTier!: Tier | null;
  @ApiProperty({ type: [PlanDto] }) plans!: PlanDto[];
}

/** A plan as the seller edits it (admin plans). */
export class AdminPlanDto {
  @ApiProperty({ enum: TIERS }) tier!: Tier;
  @ApiProperty({ type: LocalizedTextDto }) names!: LocalizedTextDto;
  @ApiProperty({ type: LocalizedTextDto }) descriptions!: LocalizedTextDto;
  @ApiProperty({ description: 'cents' }) priceCents!: number;
  @ApiProperty({ type: LocalizedTextDto, nullable: true, description: 'As stored, even if ended' })
  badge!: LocalizedTextDto | null;
  @ApiProperty({ type: String, nullable: true }) badgeEndsAt!: string | null;
  @ApiProperty({ description: 'The badge is shown now (set and not past its end date)' })
  badgeActive!: boolean;
  @ApiProperty() shown!: boolean;
  @ApiProperty() sortOrder!: number;
  @ApiProperty({ description: 'Seats it grants (a rule in code)' }) seatCount!: number;
  @ApiProperty({ description: 'Can ever be bought: false for vip, whatever is edited' })
  buyable!: boolean;
  @ApiProperty() updatedAt!: string;
}

export class AdminPlanListDto {
  @ApiProperty({ type: [AdminPlanDto] }) plans!: AdminPlanDto[];
}

export class AdminPlanAnswerDto {
  @ApiProperty({ type: AdminPlanDto }) plan!: AdminPlanDto;
}

/** ¥1,000,000.00: a sane ceiling for a lifetime licence, far inside an integer column. */
export const MAX_PLAN_PRICE_CENTS = 100_000_000;
export const PLAN_NAME_MAX = 40;
export const PLAN_DESCRIPTION_MAX = 200;
export const PLAN_BADGE_MAX = 24;
export const PLAN_SORT_MAX = 1000;

const priceMessage = `priceCents must be an integer from 1 to ${MAX_PLAN_PRICE_CENTS}`;
const sortMessage = `sortOrder must be an integer from 0 to ${PLAN_SORT_MAX}`;

/** The whole editable row of one plan (PUT /api/admin/plans/:tier). */
export class UpdatePlanDto {
  @ApiProperty({ description: 'cents, 1 to 100000000 (the form enters yuan × 100)' })
  @Max(MAX_PLAN_PRICE_CENTS, { message: priceMessage })
  @Min(1, { message: priceMessage })
  @IsInt({ message: priceMessage })
  priceCents!: number;

  @ApiProperty({ maxLength: PLAN_NAME_MAX })
  @MaxLength(PLAN_NAME_MAX)
  @Matches(/\S/, { message: 'nameZh is required' })
  @IsNotEmpty({ message: 'nameZh is required' })
  @IsString()
  nameZh!: string;

  @ApiProperty({ maxLength: PLAN_NAME_MAX })
  @MaxLength(PLAN_NAME_MAX)
  @Matches(/\S/, { message: 'nameEn is required' })
  @IsNotEmpty({ message: 'nameEn is required' })
  @IsString()
  nameEn!: string;

  @ApiProperty({ maxLength: PLAN_DESCRIPTION_MAX })
  @MaxLength(PLAN_DESCRIPTION_MAX)
  @IsString()
  descriptionZh!: string;

  @ApiProperty({ maxLength: PLAN_DESCRIPTION_MAX })
  @MaxLength(PLAN_DESCRIPTION_MAX)
  @IsString()
  descriptionEn!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: PLAN_BADGE_MAX })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(PLAN_BADGE_MAX)
  @IsString()
  badgeZh?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: PLAN_BADGE_MAX })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(PLAN_BADGE_MAX)
  @IsString()
  badgeEn?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'ISO date-time after which the badge is not shown; null: no end',
  })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @IsIsoDateInRange()
  badgeEndsAt?: string | null;

  @ApiProperty({ description: 'Shown on the plan page and on sale (vip is never on sale)' })
  @IsBoolean({ message: 'shown must be a boolean' })
  shown!: boolean;

  @ApiProperty({ minimum: 0, maximum: PLAN_SORT_MAX })
  @Max(PLAN_SORT_MAX, { message: sortMessage })
  @Min(0, { message: sortMessage })
  @IsInt({ message: sortMessage })
  sortOrder!: number;
}
