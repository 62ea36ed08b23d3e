import { CryptoService } from './crypto.service';

const crypto = new CryptoService({ secret: 'k'.repeat(64) });

describe('CryptoService', () => {
  it('round-trips with a fresh IV every time', () => {
    const a = crypto.encrypt('sk-secret-key', 'ai-key');
    const b = crypto.encrypt('sk-secret-key', 'ai-key');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-secret');
    expect(crypto.decrypt(a, 'ai-key')).toBe('sk-secret-key');
  });

  it('refuses tampered data, another purpose and another secret', () => {
    const sealed = crypto.encrypt('value', 'token');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => crypto.decrypt(`v1.${raw.toString('base64')}`, 'token')).toThrow();
    expect(() => crypto.decrypt(sealed, 'ai-key')).toThrow();
    expect(() => new CryptoService({ secret: 'z'.repeat(64) }).decrypt(sealed, 'token')).toThrow();
    expect(() => crypto.decrypt('garbage', 'token')).toThrow('Unknown ciphertext format');
  });

  it('gives stable keyed digests', () => {
    expect(crypto.digest('abc', 'token')).toBe(crypto.digest('abc', 'token'));
    expect(crypto.digest('abc', 'token')).not.toBe(
      new CryptoService({ secret: 'z'.repeat(64) }).digest('abc', 'token'),
    );
    expect(crypto.digest('abc', 'token')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the missing secret', () => {
    expect(() => new CryptoService({ secret: '' })).toThrow('BETTER_AUTH_SECRET is not configured');
  });
});
