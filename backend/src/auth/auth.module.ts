import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TokensModule } from '../tokens/tokens.module';
import { UsersModule } from '../users/users.module';
import { AppAuthGuard } from './auth.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { GoogleStrategy } from './google.strategy';
import { RolesService } from './roles.service';
import { SessionStoreService } from './session-store.service';

@Module({
  imports: [PassportModule, UsersModule, TokensModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    RolesService,
    SessionStoreService,
    GoogleStrategy,
    { provide: APP_GUARD, useClass: AppAuthGuard },
  ],
  exports: [AuthService, RolesService],
})
export class AuthModule implements NestModule {
  constructor(private readonly sessions: SessionStoreService) {}

  configure(consumer: MiddlewareConsumer) {
    consumer.apply(this.sessions.middleware).forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
