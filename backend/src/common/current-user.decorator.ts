import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AppRequest } from './request';

/** The signed-in user loaded by the auth guard (only on @Auth() routes). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  return ctx.switchToHttp().getRequest<AppRequest>().currentUser;
});
