import type { LicensesService } from '../licenses/licenses.service';
import { AiError, AiErrorCode } from './ai-errors';

/**
 * The AI features (generation, "test and save") are for customers holding at least one active seat (spec:
 * AI settings are per seat; LicensesService.hasActiveLicense decides): 403 otherwise, before any provider
 * call.
 */
export async function requireActiveLicense(
  licenses: LicensesService,
  userId: string,
): Promise<void> {
  if (!(await licenses.hasActiveLicense(userId)))
    throw new AiError(AiErrorCode.AI_LICENSE_REQUIRED);
}
