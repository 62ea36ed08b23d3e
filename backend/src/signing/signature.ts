import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';

/** The headers that carry a signed answer's signature (docs/wordpress.md, Signatures). */
export const SIGNATURE_HEADER = 'X-Seatkeeper-Signature';
export const KEY_ID_HEADER = 'X-Seatkeeper-Key-Id';

/** The published form of the public key: what a plugin pins (GET /api/licenses/public-key). */
export interface PublicKeyInfo {
  algorithm: 'Ed25519';
  /** The first 16 hex digits of SHA-256 over the raw 32-byte public key. */
  keyId: string;
  /** Base64 of the raw 32-byte public key (what sodium_crypto_sign_verify_detached takes). */
  publicKey: string;
  pem: string;
}

/** An Ed25519 key pair ready to sign: the private key parsed once, since parsing costs more than signing. */
export class AnswerSigner {
  private readonly privateKey: KeyObject;
  readonly info: PublicKeyInfo;

  constructor(privateKeyPem: string) {
    this.privateKey = createPrivateKey(privateKeyPem);
    const publicKey = createPublicKey(this.privateKey);
    // The raw key is the last 32 bytes of its SubjectPublicKeyInfo DER.
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    this.info = {
      algorithm: 'Ed25519',
      keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16),
      publicKey: raw.toString('base64'),
      pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    };
  }

  /** The two headers of an answer whose exact body bytes are `body`. */
  headersFor(body: Buffer | string): Record<string, string> {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return {
      [SIGNATURE_HEADER]: sign(null, bytes, this.privateKey).toString('base64'),
      [KEY_ID_HEADER]: this.info.keyId,
    };
  }
}
