export const VipMessages = {
  duplicate: 'Email is already in VIP list',
  cannotRemoveAdmin: 'Cannot remove admin email from VIP list',
  notFound: 'Email not found in VIP list',
  invalidFormat: 'Invalid email format',
  invalidEmail: 'Must be a valid email address',
  added: 'Email added to VIP list',
  removed: 'Email removed from VIP list',
  notEligible: 'User not eligible for VIP licenses yet',
  existingNotEligible: 'User has existing licenses but is not VIP eligible',
  higherTier: 'User already has higher tier licenses',
  already: 'User already has VIP licenses',
  granted: 'VIP licenses initialized successfully',
} as const;

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why an address cannot go on the list (spec §5), or null when it can. */
export function emailProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim().length < 1) return VipMessages.invalidEmail;
  const v = value.trim();
  if (!v.includes('@')) return VipMessages.invalidFormat;
  if (v.length > 254 || !SIMPLE_EMAIL.test(v)) return VipMessages.invalidEmail;
  return null;
}

export const normalizeEmail = (value: string) => value.trim().toLowerCase();
