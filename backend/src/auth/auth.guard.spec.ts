import { ExecutionContext } from '@nestjs/common';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import { Reflector } from '@nestjs/core';
import { Auth, Public } from '../common/auth.decorator';
import type { AppConfig } from '../config/env';
import type { User } from '../users/user.entity';
import { AppAuthGuard } from './auth.guard';
import type { AuthService } from './auth.service';
import { RolesService } from './roles.service';

class Routes {
  @Public() open() {}
  @Auth() user() {}
  @Auth('user', { bearer: true }) userOrBearer() {}
  @Auth('admin') admin() {}
  @Auth('quiz-admin') quiz() {}
  unmarked() {}
}

const roles = new RolesService({
  adminEmails: ['admin@x.com'],
  quizManagerEmails: ['quiz@x.com'],
} as AppConfig);

/** `user` signed in by session; `bearer` the owner of the request's activation code. Verified e-mails unless said otherwise. */
function guardFor(user: Partial<User> | null, bearer: Partial<User> | null = null) {
  const verified = (u: Partial<User> | null) => (u ? { emailVerified: true, ...u } : null);
  const auth = {
    currentUser: async () => verified(user),
    bearerUser: async () => verified(bearer),
  } as unknown as AuthService;
  return new AppAuthGuard(new Reflector(), auth, roles);
}
function ctx(handler: keyof Routes): ExecutionContext {
  return {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({}) }),
  } as unknown as ExecutionContext;
}

describe('AppAuthGuard', () => {
  it('opens @Public routes to anonymous visitors', async () => {
    await expect(guardFor(null).canActivate(ctx('open'))).resolves.toBe(true);
  });

  it('denies a route that is neither @Public nor @Auth', async () => {
    await expect(
      guardFor({ email: 'admin@x.com' }).canActivate(ctx('unmarked')),
    ).rejects.toMatchObject({ code: CommonErrorCode.FORBIDDEN, status: 403 });
  });

  it('answers 401 User not authenticated without a user', async () => {
    for (const h of ['user', 'admin', 'quiz'] as const) {
      await expect(guardFor(null).canActivate(ctx(h))).rejects.toThrow(
        new CommonError(CommonErrorCode.UNAUTHENTICATED),
      );
    }
  });

  it('answers 403 Admin access required to non-admins', async () => {
    await expect(guardFor({ email: 'someone@x.com' }).canActivate(ctx('admin'))).rejects.toThrow(
      new CommonError(CommonErrorCode.ADMIN_REQUIRED),
    );
    await expect(guardFor({ email: 'quiz@x.com' }).canActivate(ctx('admin'))).rejects.toThrow(
      'Admin access required',
    );
    await expect(guardFor({ email: 'ADMIN@x.com' }).canActivate(ctx('admin'))).resolves.toBe(true);
  });

  it('gives no role to an unverified e-mail', async () => {
    await expect(
      guardFor({ email: 'admin@x.com', emailVerified: false }).canActivate(ctx('admin')),
    ).rejects.toThrow('Admin access required');
    await expect(
      guardFor({ email: 'quiz@x.com', emailVerified: false }).canActivate(ctx('quiz')),
    ).rejects.toThrow('Quiz admin access required');
  });

  it('accepts an activation code only where a route allows it, and never for a role', async () => {
    await expect(
      guardFor(null, { email: 'user@x.com' }).canActivate(ctx('userOrBearer')),
    ).resolves.toBe(true);
    await expect(guardFor(null, { email: 'user@x.com' }).canActivate(ctx('user'))).rejects.toThrow(
      'User not authenticated',
    );
    expect(() => Auth('admin', { bearer: true })).toThrow("@Auth('admin') routes are session-only");
    expect(() => Auth('quiz-admin', { bearer: true })).toThrow(/session-only/);
  });

  it('lets admins and quiz managers (only) into quiz-admin routes', async () => {
    await expect(guardFor({ email: 'quiz@x.com' }).canActivate(ctx('quiz'))).resolves.toBe(true);
    await expect(guardFor({ email: 'admin@x.com' }).canActivate(ctx('quiz'))).resolves.toBe(true);
    await expect(guardFor({ email: 'user@x.com' }).canActivate(ctx('quiz'))).rejects.toThrow(
      'Quiz admin access required',
    );
  });
});
