import { VIP_ERRORS, VipErrorCode } from './vip-errors';

/** The VIP list's answers and the outcomes of a VIP initialisation (the errors are in vip-errors.ts). */
export const VipMessages = {
  added: 'Email added to VIP list',
  removed: 'Email removed from VIP list',
  notEligible: 'User not eligible for VIP licenses yet',
  existingNotEligible: 'User has existing licenses but is not VIP eligible',
  higherTier: 'User already has higher tier licenses',
  already: 'User already has VIP licenses',
  granted: 'VIP licenses initialized successfully',
} as const;

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why an address cannot go on the list (docs/product.md#validation), or null when it can. */
export function emailProblemCode(value: unknown): VipErrorCode | null {
  if (typeof value !== 'string' || value.trim().length < 1) return VipErrorCode.VIP_EMAIL_INVALID;
  const v = value.trim();
  if (!v.includes('@')) return VipErrorCode.VIP_EMAIL_FORMAT_INVALID;
  if (v.length > 254 || !SIMPLE_EMAIL.test(v)) return VipErrorCode.VIP_EMAIL_INVALID;
  return null;
}

/** The text of emailProblemCode (a batch's failed reasons). */
export function emailProblem(value: unknown): string | null {
  const code = emailProblemCode(value);
  return code && VIP_ERRORS[code].text;
}

/**
 * A batch entry's outcome (docs/product.md#validation): put on the list, on it already, repeated
 * earlier in the same batch, or not an address (its code says why).
 */
export const VIP_BATCH_OUTCOMES = ['added', 'already-listed', 'repeated', 'invalid'] as const;
export type VipBatchOutcome = (typeof VIP_BATCH_OUTCOMES)[number];

/** One typed entry of a batch and what became of it. */
export interface VipBatchEntry {
  /** As typed. */
  input: string;
  /** The address as listed (trimmed, lower case); null when it is not one. */
  email: string | null;
  outcome: VipBatchOutcome;
  /** Why an invalid entry was refused. */
  code?: VipErrorCode;
}

export const normalizeEmail = (value: string) => value.trim().toLowerCase();
