import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

export type Role = 'user' | 'admin' | 'quiz-admin';
export const AUTH_KEY = 'seatkeeper:auth';
export const PUBLIC_KEY = 'seatkeeper:public';

/**
 * `@Auth()` needs a signed-in user (401 'User not authenticated');
 * `@Auth('admin')` / `@Auth('quiz-admin')` also the role (403).
 */
export function Auth(role: Role = 'user') {
  const decorators = [
    SetMetadata(AUTH_KEY, role),
    ApiCookieAuth(),
    ApiUnauthorizedResponse({ description: 'User not authenticated' }),
  ];
  if (role !== 'user') decorators.push(ApiForbiddenResponse({ description: 'Role required' }));
  return applyDecorators(...decorators);
}

/** Open to everyone. Routes that are neither @Public() nor @Auth() are refused (deny by default). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
