import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { EndpointKind } from '@seatkeeper/domain';
import { Timestamped } from '../database/timestamped';

export const NOTICE_LANGUAGES = ['zh-CN', 'en'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

/**
 * Where the store sends events (docs/webhooks.md): a Standard Webhooks receiver or a chat group robot.
 * The address and the secrets are encrypted at rest (CryptoService, like the AI keys): a robot's address
 * carries its access token. Owned by webhooks.repository.ts.
 */
@Entity({ tableName: 'webhook_endpoints' })
export class WebhookEndpoint extends Timestamped {
  [OptionalProps]?: 'id' | 'enabled' | 'createdAt' | 'updatedAt' | 'language';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** standard, wecom, dingtalk, feishu (ENDPOINT_KINDS, libs/domain). */
  @Property({ type: 'text' })
  kind!: EndpointKind;

  /** The URL, encrypted (purpose `webhook-url`). */
  @Property({ type: 'text' })
  urlSealed!: string;

  /** What the back office shows: scheme, host and path, without the query (a robot's token). */
  @Property({ type: 'text' })
  urlHint!: string;

  /** The event types subscribed, as a JSON array of strings. */
  @Property({ type: 'text' })
  events!: string;

  @Property({ type: 'text', default: 'zh-CN' })
  language: NoticeLanguage = 'zh-CN';

  @Property({ type: 'boolean', default: true })
  enabled: boolean = true;

  /** Why it is disabled: 'admin' or 'failing' (3 days of failures). */
  @Property({ type: 'text', nullable: true })
  disabledReason?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  disabledAt?: Date | null;

  /** The signing secret, encrypted (purpose `webhook-secret`); null for a robot without one. */
  @Property({ type: 'text', nullable: true })
  secretSealed?: string | null;

  /** The secret before the last rotation, still signing until `previousSecretUntil` (24 h). */
  @Property({ type: 'text', nullable: true })
  previousSecretSealed?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  previousSecretUntil?: Date | null;

  /** The first failed attempt since the last delivered one; null while deliveries succeed. */
  @Property({ type: 'timestamptz', nullable: true })
  failingSince?: Date | null;
}
