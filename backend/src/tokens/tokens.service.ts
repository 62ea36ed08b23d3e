import { randomBytes, randomUUID } from 'node:crypto';
import { errorLine } from '../common/loggable-error';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { CryptoService } from '../common/crypto.service';
import { HotPathDb } from '../database/hot-path-db';
import type { User } from '../users/user.entity';
import type { TokenResponseDto, UserTokenDto, VerifyTokenResponseDto } from './dto/token.dto';

const PURPOSE = 'user-token';
/**
 * lastUsedAt is written at most once a minute per code (per instance), keeping the hot path read-only. The
 * throttle is keyed by the code's digest, not the row: a regenerated code is a new key, so its first use is
 * written at once (the row id stays the same across regenerations).
 */
const LAST_USED_RESOLUTION_MS = 60_000;

interface TokenRow {
  id: string;
  user_id: string;
  token_encrypted: string;
  last_used_at: Date | null;
  created_at: Date;
  last_regenerated_at: Date | null;
  inserted?: boolean;
}

export interface TokenIdentity {
  tokenId: string;
  userId: string;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

@Injectable()
export class TokensService {
  private readonly logger = new Logger('Tokens');
  private readonly lastWrites = new Map<string, number>();

  constructor(
    private readonly em: EntityManager,
    private readonly crypto: CryptoService,
    private readonly hot: HotPathDb,
  ) {}

  private get conn() {
    return this.em.getConnection();
  }

  private sealNew() {
    const plain = randomBytes(32).toString('hex');
    return {
      plain,
      sealed: this.crypto.encrypt(plain, PURPOSE),
      digest: this.crypto.digest(plain, PURPOSE),
    };
  }

  private view(row: TokenRow): TokenResponseDto {
    const userToken: UserTokenDto = {
      id: row.id,
      userId: row.user_id,
      lastUsedAt: iso(row.last_used_at),
      createdAt: iso(row.created_at)!,
      lastRegeneratedAt: iso(row.last_regenerated_at),
    };
    return {
      userToken,
      plainToken: this.crypto.decrypt(row.token_encrypted, PURPOSE),
      hasToken: true,
    };
  }

  /** The user's token, created on first fetch (concurrent first fetches end with one token). */
  async getOrCreate(user: User): Promise<TokenResponseDto> {
    const select =
      'select id, user_id, token_encrypted, last_used_at, created_at, last_regenerated_at from user_tokens where user_id = ?';
    let [row] = await this.conn.execute<TokenRow[]>(select, [user.id]);
    if (!row) {
      const t = this.sealNew();
      await this.conn.execute(
        `insert into user_tokens (id, user_id, token_encrypted, token_digest) values (?, ?, ?, ?) on conflict (user_id) do nothing`,
        [randomUUID(), user.id, t.sealed, t.digest],
      );
      [row] = await this.conn.execute<TokenRow[]>(select, [user.id]);
    }
    return this.view(row);
  }

  /** Replaces the token (created: false) or creates it (created: true); the old one stops working at once. */
  async regenerate(
    user: User,
  ): Promise<{ created: boolean; body: Omit<TokenResponseDto, 'hasToken'> }> {
    const t = this.sealNew();
    const [row] = await this.conn.execute<TokenRow[]>(
      `insert into user_tokens (id, user_id, token_encrypted, token_digest, last_regenerated_at)
       values (?, ?, ?, ?, now())
       on conflict (user_id) do update set token_encrypted = excluded.token_encrypted,
         token_digest = excluded.token_digest, last_regenerated_at = now(), last_used_at = null
       returning id, user_id, token_encrypted, last_used_at, created_at, last_regenerated_at, (xmax = 0) as inserted`,
      [randomUUID(), user.id, t.sealed, t.digest],
    );
    const { userToken, plainToken } = this.view(row);
    return { created: Boolean(row.inserted), body: { userToken, plainToken } };
  }

  /** The lookup key of a presented token, or null for one that cannot be ours. */
  digestOf(token: string | undefined | null): string | null {
    const value = token?.trim();
    if (!value || value.length > 512) return null;
    return this.crypto.digest(value, PURPOSE);
  }

  /** The hot path: one indexed lookup by digest; lastUsedAt recorded in the background. */
  async identify(token: string | undefined | null): Promise<TokenIdentity | null> {
    const digest = this.digestOf(token);
    if (!digest) return null;
    const [row] = await this.hot.rows<{ id: string; user_id: string; last_used_at: Date | null }>(
      'select id, user_id, last_used_at from user_tokens where token_digest = ?',
      [digest],
    );
    if (!row) return null;
    this.recordUse(row.id, digest, row.last_used_at);
    return { tokenId: row.id, userId: row.user_id };
  }

  async verify(token: string | undefined): Promise<VerifyTokenResponseDto> {
    if (!token?.trim()) throw new BadRequestException('Token is required');
    const found = await this.identify(token);
    return found
      ? { valid: true, userId: found.userId, tokenId: found.tokenId, message: 'Token is valid' }
      : { valid: false, userId: null, tokenId: null, message: 'Token is invalid or expired' };
  }

  /** Records a successful use, at most once a minute per code and instance, without delaying the answer. */
  recordUse(tokenId: string, digest: string, lastUsedAt: Date | null) {
    const now = Date.now();
    const stored = lastUsedAt ? new Date(lastUsedAt).getTime() : 0;
    const written = this.lastWrites.get(digest) ?? 0;
    if (now - Math.max(stored, written) < LAST_USED_RESOLUTION_MS) return;
    this.lastWrites.set(digest, now);
    if (this.lastWrites.size > 50_000) this.lastWrites.clear();
    this.hot
      .rows(
        `update user_tokens set last_used_at = now() where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
        [tokenId],
      )
      .catch((e: unknown) => this.logger.warn(`could not record token use: ${errorLine(e)}`));
  }
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}
