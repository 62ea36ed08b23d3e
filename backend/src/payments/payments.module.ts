import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/env';
import { DiscountsModule } from '../discounts/discounts.module';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { OrdersModule } from '../orders/orders.module';
import { PlansModule } from '../plans/plans.module';
import { alipayGateway } from './gateways/alipay.gateway';
import { FREE_GATEWAY } from './gateways/free';
import { PAYMENT_GATEWAYS, PaymentGateways, type GatewayFactory } from './gateways/payment-gateway';
import { sandboxGateway } from './gateways/sandbox.gateway';
import { wechatGateway } from './gateways/wechat.gateway';
import { AdminRefundsController } from './admin-refunds.controller';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { RefundsService } from './refunds.service';
import { SandboxPayController } from './sandbox-pay.controller';

/** Every gateway the store can use; configuration decides which are enabled and in what order. */
export const GATEWAY_FACTORIES: GatewayFactory[] = [alipayGateway, wechatGateway, sandboxGateway];

/**
 * A gateway's name shown to customers, enabled or not (the receipt of an older order), `free` (a free
 * order: no gateway) included, or null.
 */
export const gatewayDisplayName = (name: string) =>
  name === FREE_GATEWAY.name
    ? FREE_GATEWAY.displayName
    : (GATEWAY_FACTORIES.find((f) => f.name === name)?.displayName ?? null);

export function createGateways(config: AppConfig): PaymentGateways {
  const byName = new Map(GATEWAY_FACTORIES.map((f) => [f.name, f]));
  return new PaymentGateways(
    config.payments.gateways
      .map((name) => byName.get(name)?.create(config) ?? null)
      .filter((g) => g !== null),
  );
}

@Module({})
export class PaymentsModule {
  static register(config: AppConfig): DynamicModule {
    const sandbox = config.payments.gateways.includes('sandbox');
    return {
      module: PaymentsModule,
      imports: [EntitlementsModule, OrdersModule, DiscountsModule, PlansModule],
      controllers: sandbox
        ? [PaymentsController, AdminRefundsController, SandboxPayController]
        : [PaymentsController, AdminRefundsController],
      providers: [
        PaymentsService,
        RefundsService,
        { provide: PAYMENT_GATEWAYS, useValue: createGateways(config) },
      ],
      exports: [PaymentsService],
    };
  }
}
