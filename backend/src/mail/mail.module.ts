import { DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/env';
import { DevMailController } from './dev-mail.controller';
import { MailAdminController } from './mail-admin.controller';
import { MailAdminService } from './mail-admin.service';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailOutbox } from './mail-outbox.service';
import { MailWorker } from './mail-worker.service';

/**
 * Outbound e-mail (docs/mail.md): the outbox (MailOutbox, exported: other modules enqueue in their own
 * transactions), its worker, the admin's list, and the development mailbox when SMTP_URL is not set.
 * Global, so a module that enqueues needs no import (and no import cycle with the orders module).
 */
@Global()
@Module({})
export class MailModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: MailModule,
      controllers: [MailAdminController, ...(config.mail.devMailbox ? [DevMailController] : [])],
      providers: [MailOutboxRepository, MailOutbox, MailWorker, MailAdminService],
      exports: [MailOutbox],
    };
  }
}
