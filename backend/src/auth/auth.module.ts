import { Inject, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { csrfProtection } from '../common/csrf.middleware';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { AppAuthGuard } from './auth.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailCodeRepository } from './email-code.repository';
import { EmailSignInService } from './email-sign-in.service';
import { GoogleStrategy } from './google.strategy';
import { RolesService } from './roles.service';
import { SessionStoreService } from './session-store.service';
import { WechatSignInController } from './wechat-sign-in.controller';
import { WechatSignInService } from './wechat-sign-in.service';

@Module({
  imports: [PassportModule, UsersModule, TokensModule],
  controllers: [AuthController, WechatSignInController],
  providers: [
    AuthService,
    EmailSignInService,
    EmailCodeRepository,
    RolesService,
    SessionStoreService,
    GoogleStrategy,
    WechatSignInService,
    { provide: APP_GUARD, useClass: AppAuthGuard },
  ],
  exports: [AuthService, RolesService, SessionStoreService],
})
export class AuthModule implements NestModule {
  constructor(
    private readonly sessions: SessionStoreService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sessions, then the CSRF check on what they loaded (see csrf.middleware.ts). */
  configure(consumer: MiddlewareConsumer) {
    consumer
      .apply(this.sessions.middleware, csrfProtection({ publicUrl: this.config.publicUrl }))
      .forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
