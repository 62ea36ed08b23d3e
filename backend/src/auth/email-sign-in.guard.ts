import {
  CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/env';

/**
 * The e-mail sign-in routes exist only with EMAIL_SIGN_IN=true: otherwise they answer the 404 of an unknown
 * path, before the body is even validated (a guard runs before the validation pipe).
 */
@Injectable()
export class EmailSignInEnabledGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.config.emailSignIn) return true;
    const req = context.switchToHttp().getRequest<Request>();
    throw new NotFoundException(`Cannot ${req.method} ${req.path}`);
  }
}
