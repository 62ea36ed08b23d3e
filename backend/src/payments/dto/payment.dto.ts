import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { TIERS, type Tier } from '../../plans/plans.catalogue';

export class CreatePaymentDto {
  @ApiProperty({ enum: TIERS })
  @IsIn(TIERS, { message: 'not available now' })
  @IsString({ message: 'not available now' })
  subscriptionTier!: Tier;

  @ApiPropertyOptional({
    description: 'Promo code (case-insensitive); trimmed, ignored when empty',
  })
  @IsOptional()
  @MaxLength(64)
  @IsString()
  discountCode?: string;

  @ApiPropertyOptional({ enum: ['qrcode'] })
  @IsOptional()
  @IsIn(['qrcode'], { message: 'paymentMethod must be qrcode' })
  paymentMethod?: 'qrcode';
}

export class UpgradePricingDto {
  @ApiProperty({ enum: TIERS, nullable: true }) fromTier!: Tier | null;
  @ApiProperty({ enum: TIERS }) toTier!: Tier;
  @ApiProperty({ description: "Target plan's price, cents" }) targetPrice!: number;
  @ApiProperty({ description: 'Deduction for the current plan, cents' }) originalPrice!: number;
  @ApiProperty({ description: 'Discount, cents' }) discountAmount!: number;
}

export class PaymentOrderDto {
  @ApiProperty() orderId!: string;
  @ApiProperty({ enum: ['pending', 'paid'] }) status!: 'pending' | 'paid';
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The content of the QR code (the payment URL); null once paid',
  })
  qrImage!: string | null;
  @ApiProperty() productName!: string;
  @ApiProperty({ description: 'Amount due, cents' }) amount!: number;
  @ApiProperty({ description: 'Seconds the QR code stays valid' }) expiresIn!: number;
  @ApiProperty({ type: UpgradePricingDto, nullable: true })
  upgradePricing!: UpgradePricingDto | null;
}

export class CancelledOrderDto {
  @ApiProperty({ enum: ['cancelled'] }) status!: 'cancelled';
}
