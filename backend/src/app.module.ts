import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { AccountModule } from './account/account.module';
import { AuthModule } from './auth/auth.module';
import { CommonModule } from './common/common.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/env';
import { DashboardModule } from './dashboard/dashboard.module';
import { CustomersModule } from './customers/customers.module';
import { DatabaseModule } from './database/database.module';
import { DevIdpModule } from './dev-idp/dev-idp.module';
import { DevWechatModule } from './dev-wechat/dev-wechat.module';
import { DocsModule } from './docs/docs.module';
import { HealthModule } from './health/health.module';
import { InstallsModule } from './installs/installs.module';
import { EntitlementsModule } from './entitlements/entitlements.module';
import { LicensesModule } from './licenses/licenses.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { PostsModule } from './posts/posts.module';
import { DiscountsModule } from './discounts/discounts.module';
import { DownloadsModule } from './downloads/downloads.module';
import { AuditModule } from './audit/audit.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { VipModule } from './vip/vip.module';
import { QuizModule } from './quiz/quiz.module';
import { AiModule } from './ai/ai.module';
import { OrdersModule } from './orders/orders.module';
import { OpsModule } from './ops/ops.module';
import { PaymentsModule } from './payments/payments.module';
import { PlansModule } from './plans/plans.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { ReceiptsModule } from './receipts/receipts.module';
import { ReleasesModule } from './releases/releases.module';
import { TokensModule } from './tokens/tokens.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { LogFlusher, loggerOptions, type PinoRoot } from './web/logging';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, rootLogger: PinoRoot): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerOptions(config, rootLogger)),
        DatabaseModule.forRoot(config),
        ScheduleModule.forRoot(),
        CommonModule,
        RateLimitsModule,
        AuthModule,
        HealthModule,
        MetricsModule,
        TokensModule,
        LicensesModule,
        EntitlementsModule,
        PostsModule,
        PlansModule,
        OrdersModule,
        PaymentsModule.register(config),
        ReceiptsModule,
        DashboardModule,
        DiscountsModule,
        DownloadsModule,
        InstallsModule,
        ReleasesModule,
        AuditModule,
        VipModule,
        SubscriptionsModule,
        CustomersModule,
        AccountModule,
        QuizModule,
        DocsModule,
        AiModule,
        MailModule.register(config),
        WebhooksModule,
        OpsModule,
        DevIdpModule.register(config.devIdpEnabled),
        DevWechatModule.register(config.devIdpEnabled),
      ],
      providers: [
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: LogFlusher, useValue: new LogFlusher(rootLogger) },
      ],
    };
  }
}
