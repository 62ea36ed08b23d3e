import { randomBytes, randomUUID } from 'node:crypto';
import { errorLine } from '../common/loggable-error';
import { Injectable, Logger } from '@nestjs/common';
import { CryptoService } from '../common/crypto.service';
import { TokenError, TokenErrorCode } from './token-errors';
import { TokenRepository, type TokenRow } from './token.repository';
import type { User } from '../users/user.entity';
import type { TokenResponseDto, UserTokenDto, VerifyTokenResponseDto } from './dto/token.dto';

const PURPOSE = 'user-token';
/**
 * lastUsedAt is written at most once a minute per code (per instance), keeping the hot path read-only. The
 * throttle is keyed by the code's digest, not the row: a regenerated code is a new key, so its first use is
 * written at once (the row id stays the same across regenerations).
 */
const LAST_USED_RESOLUTION_MS = 60_000;

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
    private readonly crypto: CryptoService,
    private readonly repo: TokenRepository,
  ) {}

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
    let row = await this.repo.findByUser(user.id);
    if (!row) {
      const t = this.sealNew();
      await this.repo.insertIfAbsent(randomUUID(), user.id, t.sealed, t.digest);
      row = (await this.repo.findByUser(user.id))!;
    }
    return this.view(row);
  }

  /** Replaces the token (created: false) or creates it (created: true); the old one stops working at once. */
  async regenerate(
    user: User,
  ): Promise<{ created: boolean; body: Omit<TokenResponseDto, 'hasToken'> }> {
    const t = this.sealNew();
    const row = await this.repo.upsert(randomUUID(), user.id, t.sealed, t.digest);
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
    const row = await this.repo.findByDigest(digest);
    if (!row) return null;
    this.recordUse(row.id, digest, row.last_used_at);
    return { tokenId: row.id, userId: row.user_id };
  }

  async verify(token: string | undefined): Promise<VerifyTokenResponseDto> {
    if (!token?.trim()) throw new TokenError(TokenErrorCode.TOKEN_REQUIRED);
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
    this.repo
      .touchLastUsed(tokenId)
      .catch((e: unknown) => this.logger.warn(`could not record token use: ${errorLine(e)}`));
  }
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}
