import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { HotPathDb } from '../database/hot-path-db';

/** A user_tokens row as the token views need it. */
export interface TokenRow {
  id: string;
  user_id: string;
  token_encrypted: string;
  last_used_at: Date | null;
  created_at: Date;
  last_regenerated_at: Date | null;
  /** Answered by `upsert`: true when the row was created rather than replaced. */
  inserted?: boolean;
}

/** What the plugin path needs of a token found by its digest. */
export interface TokenIdentityRow {
  id: string;
  user_id: string;
  last_used_at: Date | null;
}

const COLUMNS = 'id, user_id, token_encrypted, last_used_at, created_at, last_regenerated_at';

/**
 * The only reader and writer of `user_tokens` (one activation code per user, found by its HMAC digest).
 * Every statement is here, plain SQL: the digest lookup is the plugin's hot path (HotPathDb, no entities).
 * The licence check's join of tokens and seats is LicenseRepository.checkRow.
 */
@Injectable()
export class TokenRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hot: HotPathDb,
  ) {}

  private get conn() {
    return this.em.getConnection();
  }

  async findByUser(userId: string): Promise<TokenRow | undefined> {
    const [row] = await this.conn.execute<TokenRow[]>(
      `select ${COLUMNS} from user_tokens where user_id = ?`,
      [userId],
    );
    return row;
  }

  /** Creates the user's token unless one exists (concurrent first fetches end with one token). */
  async insertIfAbsent(id: string, userId: string, sealed: string, digest: string): Promise<void> {
    await this.conn.execute(
      `insert into user_tokens (id, user_id, token_encrypted, token_digest) values (?, ?, ?, ?) on conflict (user_id) do nothing`,
      [id, userId, sealed, digest],
    );
  }

  /** Replaces the user's token (or creates it); the old digest stops matching at once. */
  async upsert(id: string, userId: string, sealed: string, digest: string): Promise<TokenRow> {
    const [row] = await this.conn.execute<TokenRow[]>(
      `insert into user_tokens (id, user_id, token_encrypted, token_digest, last_regenerated_at)
       values (?, ?, ?, ?, now())
       on conflict (user_id) do update set token_encrypted = excluded.token_encrypted,
         token_digest = excluded.token_digest, last_regenerated_at = now(), last_used_at = null
       returning ${COLUMNS}, (xmax = 0) as inserted`,
      [id, userId, sealed, digest],
    );
    return row;
  }

  /** The hot path: one indexed lookup by digest (plain row, no ORM). */
  async findByDigest(digest: string): Promise<TokenIdentityRow | undefined> {
    const [row] = await this.hot.rows<TokenIdentityRow>(
      'select id, user_id, last_used_at from user_tokens where token_digest = ?',
      [digest],
    );
    return row;
  }

  /** Records a use: a conditional update, at most once a minute per token whatever the instance count. */
  async touchLastUsed(tokenId: string): Promise<void> {
    await this.conn.execute(
      `update user_tokens set last_used_at = now() where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
      [tokenId],
      'run',
    );
  }
}
