import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AppRequest } from './request';

/**
 * The client's address as Express gives it (`req.ip`, which honours the `trust proxy` setting of
 * TRUST_PROXY as the rate limits and the payment gateways' client IP do), or the socket's; null when
 * neither is known. Recorded with a seat's binds (docs/rules.md, "Seat history").
 */
export const ClientAddress = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string | null => {
    const req = ctx.switchToHttp().getRequest<AppRequest>();
    return req.ip || req.socket?.remoteAddress || null;
  },
);
