import { imageSources } from './image-sources';
import { readEnv } from '../config/env-schema';
import { securityConfig } from '../config/security-config';

const security = (env: Record<string, string> = {}) =>
  securityConfig(readEnv(env)!.values, { isProduction: false });

describe('imageSources (the app-wide img-src)', () => {
  it('allows only the own origin and data: by default: no remote image host at all', () => {
    expect(imageSources({ google: undefined, security: security() })).toEqual(["'self'", 'data:']);
  });

  it("adds Google's profile pictures with Google, and the seller's DOCS_IMAGE_HOSTS", () => {
    expect(
      imageSources({
        google: { clientId: 'id', clientSecret: 's' },
        security: security({ DOCS_IMAGE_HOSTS: 'Images.Example.com, *.cdn.example.net:8443' }),
      }),
    ).toEqual([
      "'self'",
      'data:',
      'https://*.googleusercontent.com',
      'images.example.com',
      '*.cdn.example.net:8443',
    ]);
  });
});
