import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum AuthErrorCode {
  UNKNOWN_PROVIDER = 'UNKNOWN_PROVIDER',
  /** No Google credentials, and the development sign-in is not open to this caller. */
  GOOGLE_CREDENTIALS_MISSING = 'GOOGLE_CREDENTIALS_MISSING',
}

export const AUTH_ERRORS: ErrorTable<AuthErrorCode> = {
  [AuthErrorCode.UNKNOWN_PROVIDER]: { status: 400, text: 'Unknown identity provider' },
  [AuthErrorCode.GOOGLE_CREDENTIALS_MISSING]: {
    status: 503,
    text: 'Google credentials are missing',
  },
};

export class AuthError extends DomainError<AuthErrorCode> {
  constructor(code: AuthErrorCode, options?: DomainErrorOptions) {
    super(code, AUTH_ERRORS[code], options);
  }
}
