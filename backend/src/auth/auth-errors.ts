import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum AuthErrorCode {
  UNKNOWN_PROVIDER = 'UNKNOWN_PROVIDER',
  /** No Google credentials, and the development sign-in is not open to this caller. */
  GOOGLE_CREDENTIALS_MISSING = 'GOOGLE_CREDENTIALS_MISSING',
  /** E-mail sign-in (docs/security.md): the code is not the one sent (details: attemptsLeft). */
  EMAIL_CODE_INVALID = 'EMAIL_CODE_INVALID',
  /** No code was sent to this address lately, it expired, or it was used already. */
  EMAIL_CODE_EXPIRED = 'EMAIL_CODE_EXPIRED',
  /** Five wrong codes: this code no longer works. */
  EMAIL_CODE_LOCKED = 'EMAIL_CODE_LOCKED',
  /** Too many codes for this address or from this client address (details: retryAfter; Retry-After). */
  EMAIL_CODE_RATE_LIMITED = 'EMAIL_CODE_RATE_LIMITED',
  /**
   * The address got EMAIL_CODE_FAILURES_PER_DAY wrong codes today (the seller's day): e-mail sign-in for it
   * is locked until the next day (details: retryAfter; Retry-After). docs/security.md, "E-mail sign-in".
   */
  EMAIL_CODE_DAILY_LOCKED = 'EMAIL_CODE_DAILY_LOCKED',
  /** An admin address (ADMIN_EMAILS) signs in with Google only, unless ADMIN_EMAIL_SIGN_IN=true. */
  EMAIL_SIGN_IN_ADMIN_REFUSED = 'EMAIL_SIGN_IN_ADMIN_REFUSED',
  /** The address belongs to an account whose identity never proved it (docs/security.md). */
  EMAIL_ACCOUNT_NOT_LINKED = 'EMAIL_ACCOUNT_NOT_LINKED',
  /** Deleting one's account: the typed confirmation is not the account's e-mail (docs/rules.md). */
  ACCOUNT_CONFIRMATION_MISMATCH = 'ACCOUNT_CONFIRMATION_MISMATCH',
  /** Too many downloads of one's data in an hour (details: retryAfter; Retry-After). */
  ACCOUNT_EXPORT_RATE_LIMITED = 'ACCOUNT_EXPORT_RATE_LIMITED',
}

export const AUTH_ERRORS: ErrorTable<AuthErrorCode> = {
  [AuthErrorCode.UNKNOWN_PROVIDER]: { status: 400, text: 'Unknown identity provider' },
  [AuthErrorCode.GOOGLE_CREDENTIALS_MISSING]: {
    status: 503,
    text: 'Google credentials are missing',
  },
  [AuthErrorCode.EMAIL_CODE_INVALID]: { status: 400, text: 'Wrong code' },
  [AuthErrorCode.EMAIL_CODE_EXPIRED]: {
    status: 400,
    text: 'The code has expired or was already used; ask for a new one',
  },
  [AuthErrorCode.EMAIL_CODE_LOCKED]: {
    status: 400,
    text: 'Too many wrong codes; ask for a new one',
  },
  [AuthErrorCode.EMAIL_CODE_RATE_LIMITED]: {
    status: 429,
    text: 'Too many codes requested; retry later',
  },
  [AuthErrorCode.EMAIL_CODE_DAILY_LOCKED]: {
    status: 429,
    text: 'Too many wrong codes today: sign-in by e-mail code is locked for this address until tomorrow',
  },
  [AuthErrorCode.EMAIL_SIGN_IN_ADMIN_REFUSED]: {
    status: 403,
    text: 'This address signs in with Google only',
  },
  [AuthErrorCode.EMAIL_ACCOUNT_NOT_LINKED]: {
    status: 403,
    text: 'This address belongs to an account that cannot be signed in to with a code',
  },
  [AuthErrorCode.ACCOUNT_CONFIRMATION_MISMATCH]: {
    status: 400,
    text: "Type your account's e-mail address to confirm",
  },
  [AuthErrorCode.ACCOUNT_EXPORT_RATE_LIMITED]: {
    status: 429,
    text: 'Too many downloads of your data; retry later',
  },
};

export class AuthError extends DomainError<AuthErrorCode> {
  constructor(code: AuthErrorCode, options?: DomainErrorOptions) {
    super(code, AUTH_ERRORS[code], options);
  }
}
