import { createHash } from 'node:crypto';
import { DevIdpService, OAuthError } from './dev-idp.service';
import { devIdpClient } from './dev-idp.client';
import type { AppConfig } from '../config/env';

const secret = 's'.repeat(40);
const client = devIdpClient(secret);
const origin = 'http://localhost:3000';
const redirectUri = `${origin}/api/auth/callback/google`;
const verifier = 'v'.repeat(50);
const challenge = createHash('sha256').update(verifier).digest('base64url');

function service() {
  return new DevIdpService({ secret } as AppConfig);
}
function authorize(idp: DevIdpService, extra: Record<string, string> = {}) {
  return idp.checkAuthorizeRequest(
    {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'st',
      ...extra,
    },
    origin,
  );
}
const tokenBody = (code: string, extra: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: redirectUri,
  client_id: client.clientId,
  client_secret: client.clientSecret,
  code_verifier: verifier,
  ...extra,
});

describe('DevIdpService (Google-shaped authorization-code flow)', () => {
  it('exchanges a code for a Bearer token whose userinfo has Google fields', () => {
    const idp = service();
    const code = idp.issueCode(authorize(idp), { email: 'Ann@Example.com', name: 'Ann Lee' });
    const token = idp.exchangeCode(tokenBody(code));
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(token.id_token.split('.')).toHaveLength(3);
    const info = idp.userinfo(`Bearer ${token.access_token}`);
    expect(info).toMatchObject({
      name: 'Ann Lee',
      given_name: 'Ann',
      family_name: 'Lee',
      email: 'ann@example.com',
      email_verified: true,
    });
    expect(info.sub).toMatch(/^\d{21}$/);
    expect(idp.subjectOf('ann@example.com')).toBe(info.sub);
  });

  it('refuses a replayed code, a wrong verifier, a wrong redirect and a wrong client', () => {
    const idp = service();
    const code = idp.issueCode(authorize(idp), { email: 'a@b.co', name: 'A' });
    expect(() => idp.exchangeCode(tokenBody(code, { code_verifier: 'w'.repeat(50) }))).toThrow(
      'Invalid code verifier.',
    );
    expect(() =>
      idp.exchangeCode(tokenBody(code, { redirect_uri: 'http://x/api/auth/callback/google' })),
    ).toThrow(/redirect_uri_mismatch/);
    expect(() => idp.exchangeCode(tokenBody(code, { client_secret: 'nope' }))).toThrow(OAuthError);
    idp.exchangeCode(tokenBody(code));
    expect(() => idp.exchangeCode(tokenBody(code))).toThrow('Malformed auth code.');
  });

  it('accepts HTTP Basic client authentication', () => {
    const idp = service();
    const code = idp.issueCode(authorize(idp), { email: 'a@b.co', name: 'A' });
    const basic =
      'Basic ' + Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    const body = tokenBody(code);
    delete (body as Partial<typeof body>).client_secret;
    expect(idp.exchangeCode(body, basic).token_type).toBe('Bearer');
  });

  it('refuses authorize requests it must not redirect back to', () => {
    const idp = service();
    expect(() => authorize(idp, { client_id: 'other' })).toThrow('Unknown client_id');
    expect(() => authorize(idp, { redirect_uri: 'https://evil.example/steal' })).toThrow(
      'redirect_uri is not registered',
    );
    // Only the app's own origin and callback path, exactly: another origin with the right path is refused.
    for (const other of [
      'https://evil.example/api/auth/callback/google',
      'http://localhost:3001/api/auth/callback/google',
      'http://localhost:3000/api/auth/callback/google/',
      'http://localhost:3000/api/auth/callback/google?x=1',
      'http://LOCALHOST:3000/api/auth/callback/google#x',
    ]) {
      expect(() => authorize(idp, { redirect_uri: other })).toThrow(
        'redirect_uri is not registered',
      );
    }
    expect(() => authorize(idp, { response_type: 'token' })).toThrow('response_type must be code');
    expect(() => authorize(idp, { code_challenge_method: 'plain' })).toThrow(
      'code_challenge_method must be S256',
    );
  });

  it('says what the chosen test account says: its sub and whether Google verified the e-mail', () => {
    const idp = service();
    const code = idp.issueCode(authorize(idp), {
      email: 'b@x.io',
      name: 'B',
      sub: '109876543210987654321',
      emailVerified: false,
    });
    const token = idp.exchangeCode(tokenBody(code));
    expect(idp.userinfo(`Bearer ${token.access_token}`)).toMatchObject({
      sub: '109876543210987654321',
      email: 'b@x.io',
      email_verified: false,
    });
    const claims = JSON.parse(Buffer.from(token.id_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: '109876543210987654321', email_verified: false });
    expect(() =>
      idp.issueCode(authorize(idp), { email: 'b@x.io', name: 'B', sub: 'has space' }),
    ).toThrow(OAuthError);
  });

  it('refuses an invalid access token on userinfo', () => {
    expect(() => service().userinfo('Bearer forged.token')).toThrow('Invalid Credentials');
    expect(() => service().userinfo(undefined)).toThrow('Invalid Credentials');
  });
});
