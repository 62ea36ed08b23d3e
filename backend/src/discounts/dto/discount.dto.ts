import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
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

  @ApiProperty({ enum: ['basic', 'pro', 'ultra'] })
  @IsIn(['basic', 'pro', 'ultra'], { message: 'tier must be basic, pro or ultra' })
  tier!: 'basic' | 'pro' | 'ultra';

  @ApiProperty()
  @MaxLength(64)
  @IsNotEmpty({ message: 'code is required' })
  @IsString({ message: 'code is required' })
  code!: string;

  @ApiProperty({ description: 'Reduction in cents (the form enters yuan × 100, rounded)' })
  @Max(INT32_MAX) // an integer column
  @Min(0, { message: '折扣金额需为非负数字' })
  @IsInt({ message: '折扣金额需为非负数字' })
  discountAmount!: number;

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
  @ApiProperty({ enum: ['basic', 'pro', 'ultra'] }) tier!: string;
  @ApiProperty() code!: string;
  @ApiProperty({ description: 'cents' }) discountAmount!: number;
  @ApiProperty({ type: String, nullable: true }) startsAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) expiresAt!: string | null;
  @ApiProperty({ type: Number, nullable: true }) usageLimit!: number | null;
  @ApiProperty() usageCount!: number;

  static from(d: Discount): DiscountDto {
    return {
      id: d.id,
      tier: d.tier,
      code: d.code,
      discountAmount: d.discountAmount,
      startsAt: d.startsAt ? d.startsAt.toISOString() : null,
      expiresAt: d.expiresAt ? d.expiresAt.toISOString() : null,
      usageLimit: d.usageLimit ?? null,
      usageCount: d.usageCount,
    };
  }
}

export class DiscountListDto {
  @ApiProperty({ type: [DiscountDto] }) discounts!: DiscountDto[];
}

export class SavedDiscountDto {
  @ApiProperty({ type: DiscountDto }) discount!: DiscountDto;
}
