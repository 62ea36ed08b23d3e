import { DynamicModule, Module } from '@nestjs/common';
import { DevIdpController } from './dev-idp.controller';
import { DevIdpService } from './dev-idp.service';

/** Mounted only when Google is not configured and NODE_ENV is not production (else /dev-idp is a 404). */
@Module({})
export class DevIdpModule {
  static register(enabled: boolean): DynamicModule {
    return enabled
      ? { module: DevIdpModule, controllers: [DevIdpController], providers: [DevIdpService] }
      : { module: DevIdpModule };
  }
}
