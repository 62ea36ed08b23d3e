import { ForbiddenException } from '@nestjs/common';
import type { LicensesService } from '../licenses/licenses.service';

export const AI_LICENCE_REQUIRED = 'An active licence is required to use the AI features';

/**
 * The AI features (generation, "test and save") are for customers holding at least one active seat (spec:
 * AI settings are per seat; LicensesService.hasActiveLicense decides): 403 otherwise, before any provider
 * call.
 */
export async function requireActiveLicence(
  licenses: LicensesService,
  userId: string,
): Promise<void> {
  if (!(await licenses.hasActiveLicense(userId))) throw new ForbiddenException(AI_LICENCE_REQUIRED);
}
