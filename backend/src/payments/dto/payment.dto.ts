import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TIERS, type Tier } from '@seatkeeper/domain';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export const PAYMENT_METHODS = ['qrcode', 'alipay', 'wechat', 'sandbox'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export class QuotePaymentDto {
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
}

/** An order: what a quote takes, and how to pay. */
export class CreatePaymentDto extends QuotePaymentDto {
  @ApiPropertyOptional({
    enum: PAYMENT_METHODS,
    description: "qrcode (the spec's value) means the first enabled gateway",
  })
  @IsOptional()
  @IsIn(PAYMENT_METHODS, { message: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}` })
  paymentMethod?: PaymentMethod;

  @ApiPropertyOptional({
    description:
      'Paying from a phone: a link that opens the payment app is wanted (else read from the User-Agent)',
  })
  @IsOptional()
  @IsBoolean()
  mobile?: boolean;
}

export class LocalizedTextDto {
  @ApiProperty({ name: 'zh-CN' }) 'zh-CN'!: string;
  @ApiProperty() en!: string;
}

export class PaymentMethodDto {
  @ApiProperty({ enum: ['alipay', 'wechat', 'sandbox'] }) id!: string;
  @ApiProperty({ type: LocalizedTextDto, description: '支付宝 / 微信支付 / 沙箱' })
  displayName!: LocalizedTextDto;
  @ApiProperty({ type: LocalizedTextDto, description: 'Which app to scan with' })
  scanWith!: LocalizedTextDto;
}

export class PaymentMethodsDto {
  @ApiProperty({
    type: [PaymentMethodDto],
    description: 'Enabled gateways; the first is what qrcode means',
  })
  methods!: PaymentMethodDto[];
}

export class PaymentQuoteDto {
  @ApiProperty({ enum: TIERS }) subscriptionTier!: Tier;
  @ApiProperty({ enum: TIERS, nullable: true, type: String }) fromTier!: Tier | null;
  @ApiProperty({ description: "Target plan's price, cents" }) targetPrice!: number;
  @ApiProperty({ description: 'Deduction for the current plan, cents' }) originalPrice!: number;
  @ApiProperty({ description: 'Discount the code gives on this order, cents' })
  discountAmount!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The code as applied (upper case)' })
  discountCode!: string | null;
  @ApiProperty({ description: 'Amount due, cents' }) amount!: number;
  @ApiProperty({
    description:
      'The amount due is 0: the order is paid at once without a gateway (no QR code; "get it free")',
  })
  free!: boolean;
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
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'On a phone: a link that opens the payment app (Alipay qr_code, WeChat Pay H5), when there is one',
  })
  mobileUrl!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['alipay', 'wechat', 'sandbox'],
    description:
      'The gateway that took the order; null when none did (a free order: recorded under the gateway `free`)',
  })
  paymentMethod!: string | null;
}

export class CancelledOrderDto {
  @ApiProperty({ enum: ['cancelled'] }) status!: 'cancelled';
}
