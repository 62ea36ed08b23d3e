import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { AnswerSigner } from './signature';

/**
 * Signs the licence check and the update metadata with the store's Ed25519 key (LICENSE_SIGNING_KEY, or
 * the key generated once in DATA_DIR), so a plugin can tell our answers from a fake server's and keep a
 * signed VALID answer through an outage (docs/wordpress.md, Signatures).
 */
@Injectable()
export class SigningService extends AnswerSigner {
  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'licenseSigningKey'>) {
    super(config.licenseSigningKey);
  }
}
