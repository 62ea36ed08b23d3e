import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { isUuid } from '../common/query';
import type { User } from '../users/user.entity';
import { MailItemDto, type MailPageDto, type MailQueryDto } from './dto/mail.dto';
import { MailError, MailErrorCode } from './mail-errors';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailWorker } from './mail-worker.service';

/** The admin's view of the outbox (GET /api/admin/mail) and the resend of a failed message. */
@Injectable()
export class MailAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: MailOutboxRepository,
    private readonly audit: AuditService,
    private readonly worker: MailWorker,
  ) {}

  async list(q: MailQueryDto): Promise<MailPageDto> {
    const { rows, total } = await this.repo.list({
      status: q.status,
      recipient: q.search,
      page: q.page,
      pageSize: q.pageSize,
    });
    return {
      items: rows.map(MailItemDto.from),
      pagination: { page: q.page, pageSize: q.pageSize, total },
      sending: this.worker.enabled,
    };
  }

  /** A failed message queued again with a fresh round of attempts; audited in the same transaction. */
  async resend(admin: User, id: string): Promise<{ mail: MailItemDto }> {
    const row = isUuid(id) ? await this.repo.findRow(id) : null;
    if (!row) throw new MailError(MailErrorCode.MAIL_NOT_FOUND);
    await this.em.fork().transactional(async (em) => {
      if (!(await this.repo.requeueFailed(em, id)))
        throw new MailError(MailErrorCode.MAIL_NOT_FAILED);
      this.audit.record(em, {
        actor: admin.email,
        action: 'mail.resend',
        target: row.recipient,
        before: { id, status: 'failed', attempts: row.attempts, lastError: row.lastError },
        after: { id, status: 'queued' },
      });
      await em.flush();
    });
    void this.worker.tick();
    return { mail: MailItemDto.from((await this.repo.findRow(id))!) };
  }
}
