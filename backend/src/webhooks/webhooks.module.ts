import { Global, Module } from '@nestjs/common';
import { WebhookEvents } from './webhook-events.service';
import { WebhookWorker } from './webhook-worker.service';
import { WebhooksAdminController } from './webhooks-admin.controller';
import { WebhooksAdminService } from './webhooks-admin.service';
import { WebhooksRepository } from './webhooks.repository';

/**
 * Webhooks and chat notices (docs/webhooks.md): the endpoints, the delivery outbox and its worker, the
 * admin's API. Global, so a module where an event happens injects WebhookEvents with no import (and no
 * import cycle with the orders, licenses or mail modules).
 */
@Global()
@Module({
  controllers: [WebhooksAdminController],
  providers: [WebhooksRepository, WebhookEvents, WebhookWorker, WebhooksAdminService],
  exports: [WebhookEvents],
})
export class WebhooksModule {}
