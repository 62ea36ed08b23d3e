import { ApiProperty } from '@nestjs/swagger';
import { TIERS, type Tier } from '@seatkeeper/domain';

export class PlanDto {
  @ApiProperty({ enum: TIERS }) key!: Tier;
  @ApiProperty() name!: string;
  @ApiProperty({ description: "Name plus ' 套餐'" }) displayName!: string;
  @ApiProperty() description!: string;
  @ApiProperty() seatCount!: number;
  @ApiProperty({ description: 'cents' }) priceCents!: number;
  @ApiProperty() upgradeRank!: number;
  @ApiProperty() isPublic!: boolean;
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
}

export class PlanListDto {
  @ApiProperty({ enum: TIERS, nullable: true }) currentTier!: Tier | null;
  @ApiProperty({ type: [PlanDto] }) plans!: PlanDto[];
}
