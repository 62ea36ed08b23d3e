import { Global, Module } from '@nestjs/common';
import { COUNTER_STORE, RateLimitStore } from './rate-limit.store';
import { RateLimitsService } from './rate-limits.service';

/** Request limits counted by every instance together (docs/security.md, "Rate limits"). */
@Global()
@Module({
  providers: [
    RateLimitStore,
    { provide: COUNTER_STORE, useExisting: RateLimitStore },
    RateLimitsService,
  ],
  exports: [RateLimitsService],
})
export class RateLimitsModule {}
