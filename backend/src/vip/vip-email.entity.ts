import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** The VIP whitelist (docs/product.md#data VIP entry): lower-case e-mail addresses. */
@Entity({ tableName: 'vip_emails' })
export class VipEmail {
  [OptionalProps]?: 'addedAt';

  @PrimaryKey({ type: 'text' })
  email!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  addedAt: Date = new Date();

  @Property({ type: 'text' })
  addedBy!: string;
}
