import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * A WeChat identity linked to an account (docs/sign-in.md): keyed by WeChat's `unionid` when the Open
 * Platform account gave one, else by the website application's `openid` — never by the nickname, which
 * anyone can change. One account has at most one (user_id unique). Owned by wechat-sign-in.service.ts.
 */
@Entity({ tableName: 'wechat_identities' })
export class WechatIdentity {
  [OptionalProps]?: 'nickname' | 'createdAt';

  /** `unionid:<unionid>` or `openid:<openid>`. */
  @PrimaryKey({ type: 'text' })
  key!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', unique: true })
  user!: User;

  /** The nickname WeChat showed at the last sign-in (display only). */
  @Property({ type: 'text', nullable: true })
  nickname?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
