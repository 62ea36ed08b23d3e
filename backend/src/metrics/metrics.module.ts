import { Global, Module } from '@nestjs/common';
import { AiJobFiguresQuery } from '../ai/ai-job-figures';
import { MailFiguresQuery } from '../mail/mail-figures';
import { OrderFiguresQuery } from '../orders/order-figures';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/**
 * Metrics for Prometheus (docs/monitoring.md). Global: the plugin fast path, the downloads and the
 * database's hot-path pool report to MetricsService. The figures' SQL lives in each table owner's folder
 * (orders/, mail/, ai/); this module only composes them.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService, OrderFiguresQuery, MailFiguresQuery, AiJobFiguresQuery],
  exports: [MetricsService],
})
export class MetricsModule {}
