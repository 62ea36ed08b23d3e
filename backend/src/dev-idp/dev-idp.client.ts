import type { AppConfig } from '../config/env';
import { hmacHex } from '../common/signed';

/** The OAuth client the app registers with its own development identity provider. */
export function devIdpClient(secret: string) {
  return {
    clientId: 'seatkeeper-dev',
    clientSecret: hmacHex(secret, 'dev-idp-client-secret').slice(0, 40),
  };
}

/** Where the server reaches the development provider for the token and userinfo calls. */
export function devIdpInternalOrigin(config: Pick<AppConfig, 'port'>): string {
  return `http://127.0.0.1:${config.port}`;
}
