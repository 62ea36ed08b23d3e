import { applyDecorators, SetMetadata } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

export type Role = 'user' | 'admin' | 'quiz-admin';
export const AUTH_KEY = 'seatkeeper:auth';
export const PUBLIC_KEY = 'seatkeeper:public';
export const BEARER_KEY = 'seatkeeper:bearer';

export interface AuthOptions {
  /** Also accept the user's activation code as `Authorization: Bearer <token>` (scripts, the plugin); 'user' routes only. */
  bearer?: boolean;
}

/**
 * `@Auth()` needs a signed-in user (401 'User not authenticated');
 * `@Auth('admin')` / `@Auth('quiz-admin')` also the role (403).
 */
export function Auth(role: Role = 'user', options: AuthOptions = {}) {
  // An activation code leaks easily (plugin settings, scripts): it must never carry an admin's powers.
  if (options.bearer && role !== 'user')
    throw new Error(`@Auth('${role}') routes are session-only: bearer is for 'user' routes`);
  const decorators = [
    SetMetadata(AUTH_KEY, role),
    SetMetadata(BEARER_KEY, Boolean(options.bearer)),
    ApiCookieAuth(),
    ApiUnauthorizedResponse({ description: 'User not authenticated' }),
  ];
  if (options.bearer) decorators.push(ApiBearerAuth());
  if (role !== 'user') decorators.push(ApiForbiddenResponse({ description: 'Role required' }));
  return applyDecorators(...decorators);
}

/** Open to everyone. Routes that are neither @Public() nor @Auth() are refused (deny by default). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
