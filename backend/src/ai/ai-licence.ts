import type { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException } from '@nestjs/common';
import { License } from '../licenses/license.entity';
import { seatStatus } from '../licenses/seat-rules';

export const AI_LICENCE_REQUIRED = 'An active licence is required to use the AI features';

/**
 * The AI features (generation, "test and save") are for customers holding at least one active seat (spec:
 * AI settings are per seat; seat-rules decide what is active): 403 otherwise, before any provider call.
 */
export async function requireActiveLicence(em: EntityManager, userId: string): Promise<void> {
  const seats = await em.find(License, { user: userId }, { fields: ['licenseType', 'expiresAt'] });
  if (!seats.some((s) => seatStatus(s) === 'active'))
    throw new ForbiddenException(AI_LICENCE_REQUIRED);
}
