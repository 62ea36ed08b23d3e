import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSigningKey, signingKeyFile, storedSigningKey } from './signing-key';

describe('signing key', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

  it('reads a PEM (with \\n escapes) or the base64 of the 32-byte seed', () => {
    expect(parseSigningKey(pem)).toBe(pem);
    expect(parseSigningKey(pem.replace(/\n/g, '\\n'))).toBe(pem);
    const seed = privateKey
      .export({ format: 'der', type: 'pkcs8' })
      .subarray(-32)
      .toString('base64');
    expect(parseSigningKey(seed)).toBe(pem);
  });

  it('refuses anything else', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    for (const bad of [rsa, 'c2hvcnQ=', 'not a key', '-----BEGIN PRIVATE KEY-----\nxx'])
      expect(parseSigningKey(bad)).toBe('');
  });

  it('generates a key once in the data directory, readable by its owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'signing-key-'));
    try {
      const first = storedSigningKey(dir);
      expect(storedSigningKey(dir)).toBe(first);
      expect(readFileSync(signingKeyFile(dir), 'utf8')).toBe(first);
      expect(statSync(signingKeyFile(dir)).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
