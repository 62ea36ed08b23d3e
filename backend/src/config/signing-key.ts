import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the generated signing key lives when LICENSE_SIGNING_KEY is not set (docs/wordpress.md). */
export const signingKeyFile = (dataDir: string) => join(dataDir, 'license-signing-key.pem');

/** The DER prefix of an Ed25519 PKCS#8 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * LICENSE_SIGNING_KEY as PKCS#8 PEM: a PEM (`\n` escapes allowed, as in an .env line) or the base64 of
 * the 32-byte seed. Empty string when it is neither an Ed25519 private key.
 */
export function parseSigningKey(value: string): string {
  const text = value.replace(/\\n/g, '\n').trim();
  try {
    const key = text.startsWith('-----')
      ? createPrivateKey(text)
      : (() => {
          const seed = Buffer.from(text, 'base64');
          if (seed.length !== 32 || !/^[A-Za-z0-9+/_-]+=*$/.test(text))
            throw new Error('not a seed');
          return createPrivateKey({
            key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
            format: 'der',
            type: 'pkcs8',
          });
        })();
    if (key.asymmetricKeyType !== 'ed25519') return '';
    return key.export({ format: 'pem', type: 'pkcs8' }).toString();
  } catch {
    return '';
  }
}

/**
 * The signing key of DATA_DIR, generated once (like the development secret). Written whole under a
 * fresh name and then linked into place (which fails when the file exists), so instances sharing the
 * directory and starting together all read the first complete key.
 */
export function storedSigningKey(dataDir: string): string {
  const file = signingKeyFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    const draft = `${file}.${randomBytes(6).toString('hex')}`;
    writeFileSync(draft, privateKey.export({ format: 'pem', type: 'pkcs8' }), {
      mode: 0o600,
      flag: 'wx',
    });
    try {
      linkSync(draft, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(draft);
    }
  }
  const pem = parseSigningKey(readFileSync(file, 'utf8'));
  if (!pem)
    throw new Error(`${file} is not an Ed25519 private key: remove it to generate a new one`);
  return pem;
}
