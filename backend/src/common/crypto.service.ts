import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SECRET_VARIABLE, type AppConfig } from '../config/env';

const VERSION = 'v1';
const IV_BYTES = 12; // AES-GCM's 96-bit initialisation vector (docs/product.md#constants)

/**
 * Secrets at rest: AES-256-GCM with a 12-byte IV under keys derived (HKDF-SHA256) from the app secret,
 * one key per purpose; and HMAC-SHA256 digests for looking tokens up without decrypting anything.
 */
@Injectable()
export class CryptoService {
  private readonly keys = new Map<string, Buffer>();
  private readonly secret: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'secret'>) {
    if (!config.secret) throw new Error(`${SECRET_VARIABLE} is not configured`);
    this.secret = config.secret;
  }

  private key(purpose: string): Buffer {
    let key = this.keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.secret, 'seatkeeper', purpose, 32));
      this.keys.set(purpose, key);
    }
    return key;
  }

  encrypt(plain: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(purpose), iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
  }

  /** Throws when the value was not encrypted by us under this purpose (or was tampered with). */
  decrypt(sealed: string, purpose: string): string {
    const [version, body] = sealed.split('.');
    if (version !== VERSION || !body) throw new Error('Unknown ciphertext format');
    const raw = Buffer.from(body, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key(purpose), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + 16));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + 16)), decipher.final()]).toString(
      'utf8',
    );
  }

  digest(value: string, purpose: string): string {
    return createHmac('sha256', this.key(`digest:${purpose}`))
      .update(value)
      .digest('hex');
  }
}
