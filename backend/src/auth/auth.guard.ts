import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH_KEY, BEARER_KEY, PUBLIC_KEY, type Role } from '../common/auth.decorator';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import type { AppRequest } from '../common/request';
import { AuthService } from './auth.service';
import { RolesService } from './roles.service';

/** Global guard: deny by default; @Public() opens a route, @Auth(role) requires a session and a role. */
@Injectable()
export class AppAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly roles: RolesService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const role = this.reflector.getAllAndOverride<Role | undefined>(AUTH_KEY, targets);
    if (!role) {
      if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
      throw new CommonError(CommonErrorCode.FORBIDDEN);
    }
    const req = context.switchToHttp().getRequest<AppRequest>();
    // An activation code (bearer) stands for a customer, never for an admin: admin routes are session-only.
    const bearer =
      role === 'user' && this.reflector.getAllAndOverride<boolean>(BEARER_KEY, targets);
    const user =
      (await this.auth.currentUser(req)) ?? (bearer ? await this.auth.bearerUser(req) : null);
    if (!user) throw new CommonError(CommonErrorCode.UNAUTHENTICATED);
    if (role === 'admin' && !this.roles.isAdmin(user))
      throw new CommonError(CommonErrorCode.ADMIN_REQUIRED);
    if (role === 'quiz-admin' && !this.roles.isQuizManager(user)) {
      throw new CommonError(CommonErrorCode.QUIZ_ADMIN_REQUIRED);
    }
    return true;
  }
}
