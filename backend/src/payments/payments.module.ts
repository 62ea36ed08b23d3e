import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/env';
import { DiscountsModule } from '../discounts/discounts.module';
import { LicensesModule } from '../licenses/licenses.module';
import { OrdersModule } from '../orders/orders.module';
import { AlipayGateway } from './gateways/alipay.gateway';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateways/payment-gateway';
import { SandboxGateway } from './gateways/sandbox.gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { SandboxPayController } from './sandbox-pay.controller';

export function createGateway(config: AppConfig): PaymentGateway {
  const alipay = config.payments.alipay;
  if (config.payments.gateway === 'alipay' && alipay) {
    return new AlipayGateway({
      ...alipay,
      notifyUrl: `${config.publicUrl}/api/payments/notify/alipay`,
    });
  }
  return new SandboxGateway(config.secret);
}

@Module({})
export class PaymentsModule {
  static register(config: AppConfig): DynamicModule {
    const sandbox = config.payments.gateway === 'sandbox';
    return {
      module: PaymentsModule,
      imports: [LicensesModule, OrdersModule, DiscountsModule],
      controllers: sandbox ? [PaymentsController, SandboxPayController] : [PaymentsController],
      providers: [PaymentsService, { provide: PAYMENT_GATEWAY, useValue: createGateway(config) }],
      exports: [PaymentsService],
    };
  }
}
