import { DynamicModule, Module } from '@nestjs/common';
import { DevWechatController } from './dev-wechat.controller';
import { DevWechatService } from './dev-wechat.service';

/**
 * The development WeChat login server: mounted under the same rule as /dev-idp (config.devIdpEnabled: not in
 * production, not with Google credentials, a loopback PUBLIC_URL or DEV_SIGN_IN=1), else /dev-wechat is a 404.
 */
@Module({})
export class DevWechatModule {
  static register(enabled: boolean): DynamicModule {
    return enabled
      ? {
          module: DevWechatModule,
          controllers: [DevWechatController],
          providers: [DevWechatService],
          exports: [DevWechatService],
        }
      : { module: DevWechatModule };
  }
}
