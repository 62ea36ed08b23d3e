import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { ENDPOINT_KINDS, eventTypesFor, type EndpointKind } from '@seatkeeper/domain';
import { isPrivateAddress } from '../ai/provider-client';
import { AuditService } from '../audit/audit.service';
import { CryptoService } from '../common/crypto.service';
import { isUuid } from '../common/query';
import { APP_CONFIG, type AppConfig } from '../config/env';
import type { User } from '../users/user.entity';
import { channelFor } from './channels';
import {
  WebhookDeliveryDto,
  WebhookEndpointDto,
  type CreateWebhookDto,
  type DeliveryQueryDto,
  type UpdateWebhookDto,
  type WebhookDeliveryPageDto,
  type WebhookListDto,
} from './dto/webhooks.dto';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookError, WebhookErrorCode } from './webhook-errors';
import { EXAMPLE_DATA } from './webhook-examples';
import {
  allowedEvents,
  newMessageId,
  newSecret,
  parseEvents,
  ROTATION_OVERLAP_SECONDS,
  urlHint,
  urlProblem,
} from './webhook-rules';
import { SECRET_PURPOSE, URL_PURPOSE } from './webhook-secrets';
import { WebhookWorker } from './webhook-worker.service';
import { WebhooksRepository } from './webhooks.repository';

/** The admin's endpoints (/admin/webhooks, docs/webhooks.md): every change audited in its transaction. */
@Injectable()
export class WebhooksAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: WebhooksRepository,
    private readonly crypto: CryptoService,
    private readonly audit: AuditService,
    private readonly worker: WebhookWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<WebhookListDto> {
    return {
      endpoints: (await this.repo.endpoints()).map(WebhookEndpointDto.from),
      kinds: ENDPOINT_KINDS.map((kind) => {
        const channel = channelFor(kind);
        return {
          kind,
          available: Boolean(channel),
          secret: channel?.secret ?? (kind === 'standard' ? 'generated' : 'pasted'),
          events: [...eventTypesFor(kind)],
        };
      }),
    };
  }

  /**
   * The SSRF guard of the AI settings (ai/provider-client.ts): a literal private address, or a name that
   * resolves to one, is refused unless WEBHOOK_ALLOW_PRIVATE_HOSTS. (The worker checks again when it
   * connects: a name may re-resolve.)
   */
  private async guardUrl(kind: EndpointKind, url: string) {
    const problem = urlProblem(kind, url);
    if (problem === 'not-https') throw new WebhookError(WebhookErrorCode.WEBHOOK_URL_NOT_HTTPS);
    if (problem) throw new WebhookError(WebhookErrorCode.WEBHOOK_URL_INVALID);
    if (this.config.webhooks.allowPrivateHosts) return;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    let addresses: string[] = [host];
    if (!isIP(host)) {
      try {
        addresses = (await lookup(host, { all: true })).map((a) => a.address);
      } catch {
        addresses = []; // does not resolve now: the worker's guard decides when it connects
      }
    }
    if (addresses.some(isPrivateAddress))
      throw new WebhookError(WebhookErrorCode.WEBHOOK_URL_PRIVATE);
  }

  private async locked(em: EntityManager, id: string): Promise<WebhookEndpoint> {
    const endpoint = isUuid(id) ? await this.repo.lockEndpoint(em, id) : null;
    if (!endpoint) throw new WebhookError(WebhookErrorCode.WEBHOOK_NOT_FOUND);
    return endpoint;
  }

  async create(
    admin: User,
    dto: CreateWebhookDto,
  ): Promise<{ endpoint: WebhookEndpointDto; secret: string | null }> {
    const channel = channelFor(dto.kind);
    if (!channel) throw new WebhookError(WebhookErrorCode.WEBHOOK_KIND_UNAVAILABLE);
    const url = dto.url.trim();
    await this.guardUrl(dto.kind, url);
    const events = allowedEvents(dto.kind, dto.events);
    if (!events) throw new WebhookError(WebhookErrorCode.WEBHOOK_EVENTS_INVALID);
    const pasted = dto.secret?.trim() || null;
    if (channel.secret === 'pasted' && !pasted)
      throw new WebhookError(WebhookErrorCode.WEBHOOK_SECRET_REQUIRED);
    const secret =
      channel.secret === 'generated' ? newSecret() : channel.secret === 'none' ? null : pasted;
    const endpoint = await this.em.fork().transactional(async (em) => {
      const created = this.repo.createEndpoint(em, {
        kind: dto.kind,
        urlSealed: this.crypto.encrypt(url, URL_PURPOSE),
        urlHint: urlHint(url),
        events: JSON.stringify(events),
        language: dto.language ?? 'zh-CN',
        enabled: true,
        secretSealed: secret ? this.crypto.encrypt(secret, SECRET_PURPOSE) : null,
      });
      this.audit.record(em, {
        actor: admin.email,
        action: 'webhook.created',
        target: created.urlHint,
        after: { id: created.id, kind: dto.kind, events, language: created.language },
      });
      await em.flush();
      return created;
    });
    return {
      endpoint: WebhookEndpointDto.from(endpoint),
      secret: channel.secret === 'generated' ? secret : null,
    };
  }

  async update(admin: User, id: string, dto: UpdateWebhookDto) {
    return this.em.fork().transactional(async (em) => {
      const endpoint = await this.locked(em, id);
      const before = { events: parseEvents(endpoint.events), language: endpoint.language };
      if (dto.events) {
        const events = allowedEvents(endpoint.kind, dto.events);
        if (!events) throw new WebhookError(WebhookErrorCode.WEBHOOK_EVENTS_INVALID);
        endpoint.events = JSON.stringify(events);
      }
      if (dto.language) endpoint.language = dto.language;
      const after = { events: parseEvents(endpoint.events), language: endpoint.language };
      if (JSON.stringify(before) !== JSON.stringify(after))
        this.audit.record(em, {
          actor: admin.email,
          action: 'webhook.updated',
          target: endpoint.urlHint,
          before,
          after,
        });
      await em.flush();
      return { endpoint: WebhookEndpointDto.from(endpoint) };
    });
  }

  /** A new generated secret; the previous one keeps signing beside it for 24 h. */
  async rotate(admin: User, id: string) {
    const secret = newSecret();
    const endpoint = await this.em.fork().transactional(async (em) => {
      const endpoint = await this.locked(em, id);
      if (channelFor(endpoint.kind)?.secret !== 'generated' || !endpoint.secretSealed)
        throw new WebhookError(WebhookErrorCode.WEBHOOK_SECRET_NOT_ROTATABLE);
      endpoint.previousSecretSealed = endpoint.secretSealed;
      endpoint.previousSecretUntil = new Date(Date.now() + ROTATION_OVERLAP_SECONDS * 1000);
      endpoint.secretSealed = this.crypto.encrypt(secret, SECRET_PURPOSE);
      this.audit.record(em, {
        actor: admin.email,
        action: 'webhook.secret_rotated',
        target: endpoint.urlHint,
        after: { id: endpoint.id, previousSignsUntil: endpoint.previousSecretUntil.toISOString() },
      });
      await em.flush();
      return endpoint;
    });
    return { endpoint: WebhookEndpointDto.from(endpoint), secret };
  }

  async setEnabled(admin: User, id: string, enabled: boolean) {
    const endpoint = await this.em.fork().transactional(async (em) => {
      const endpoint = await this.locked(em, id);
      if (endpoint.enabled === enabled) return endpoint;
      const before = { enabled: endpoint.enabled, reason: endpoint.disabledReason ?? null };
      endpoint.enabled = enabled;
      endpoint.disabledReason = enabled ? null : 'admin';
      endpoint.disabledAt = enabled ? null : new Date();
      // Enabled again: a fresh start for the 3 days' count.
      if (enabled) endpoint.failingSince = null;
      this.audit.record(em, {
        actor: admin.email,
        action: enabled ? 'webhook.enabled' : 'webhook.disabled',
        target: endpoint.urlHint,
        before,
        after: { enabled, reason: endpoint.disabledReason ?? null },
      });
      await em.flush();
      return endpoint;
    });
    if (enabled) void this.worker.tick();
    return { endpoint: WebhookEndpointDto.from(endpoint) };
  }

  /** An example of the first event it subscribes to, marked `"test": true`, through the outbox. */
  async sendTest(admin: User, id: string) {
    const deliveryId = await this.em.fork().transactional(async (em) => {
      const endpoint = await this.locked(em, id);
      const type = parseEvents(endpoint.events)[0] ?? eventTypesFor(endpoint.kind)[0];
      const key = `test:${randomUUID()}`;
      await this.repo.enqueue(em, [
        {
          endpointId: endpoint.id,
          messageId: newMessageId(),
          eventType: type,
          dedupeKey: key,
          payload: JSON.stringify({
            type,
            timestamp: new Date().toISOString(),
            data: { ...EXAMPLE_DATA[type], test: true },
          }),
        },
      ]);
      this.audit.record(em, {
        actor: admin.email,
        action: 'webhook.test',
        target: endpoint.urlHint,
        after: { id: endpoint.id, type },
      });
      await em.flush();
      return key;
    });
    void this.worker.tick();
    const { rows } = await this.repo.deliveriesOf(id, { page: 1, pageSize: 20 });
    const row = rows.find((r) => r.dedupeKey === deliveryId)!;
    return { delivery: WebhookDeliveryDto.from(row) };
  }

  async deliveries(id: string, q: DeliveryQueryDto): Promise<WebhookDeliveryPageDto> {
    const endpoint = isUuid(id) ? await this.repo.endpoint(id) : null;
    if (!endpoint) throw new WebhookError(WebhookErrorCode.WEBHOOK_NOT_FOUND);
    const { rows, total } = await this.repo.deliveriesOf(id, q);
    return {
      items: rows.map(WebhookDeliveryDto.from),
      pagination: { page: q.page, pageSize: q.pageSize, total },
    };
  }

  /** "Send again": the same message (same webhook-id) queued with a fresh round of attempts. */
  async resend(admin: User, id: string, deliveryId: string) {
    const found = isUuid(deliveryId) ? await this.repo.delivery(deliveryId) : null;
    if (!found || found.endpointId !== id)
      throw new WebhookError(WebhookErrorCode.WEBHOOK_DELIVERY_NOT_FOUND);
    await this.em.fork().transactional(async (em) => {
      const endpoint = await this.locked(em, id);
      if (!(await this.repo.requeue(em, deliveryId)))
        throw new WebhookError(WebhookErrorCode.WEBHOOK_DELIVERY_PENDING);
      this.audit.record(em, {
        actor: admin.email,
        action: 'webhook.resend',
        target: endpoint.urlHint,
        before: { messageId: found.messageId, status: found.status, attempts: found.attempts },
        after: { messageId: found.messageId, status: 'queued' },
      });
      await em.flush();
    });
    void this.worker.tick();
    return { delivery: WebhookDeliveryDto.from((await this.repo.delivery(deliveryId))!) };
  }
}
