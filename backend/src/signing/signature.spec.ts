import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { AnswerSigner, KEY_ID_HEADER, SIGNATURE_HEADER } from './signature';

describe('AnswerSigner', () => {
  const pem = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  const signer = new AnswerSigner(pem);

  it('publishes the raw 32-byte key and a 16-hex key id', () => {
    expect(signer.info.algorithm).toBe('Ed25519');
    expect(Buffer.from(signer.info.publicKey, 'base64')).toHaveLength(32);
    expect(signer.info.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(signer.info.pem).toContain('BEGIN PUBLIC KEY');
  });

  it('signs the exact bytes: the published key verifies them and nothing else', () => {
    const body = Buffer.from('{"valid":true,"code":"VALID"}');
    const headers = signer.headersFor(body);
    expect(headers[KEY_ID_HEADER]).toBe(signer.info.keyId);
    const signature = Buffer.from(headers[SIGNATURE_HEADER], 'base64');
    const key = createPublicKey(signer.info.pem);
    expect(verify(null, body, key, signature)).toBe(true);
    expect(verify(null, Buffer.from('{"valid":true,"code":"VALID" }'), key, signature)).toBe(false);
  });
});
