import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum AuditErrorCode {
  /** The list's date range ends before it starts. */
  AUDIT_DATES_INVALID = 'AUDIT_DATES_INVALID',
}

export const AUDIT_ERRORS: ErrorTable<AuditErrorCode> = {
  [AuditErrorCode.AUDIT_DATES_INVALID]: { status: 400, text: 'to must be after from' },
};

export class AuditError extends DomainError<AuditErrorCode> {
  constructor(code: AuditErrorCode, options?: DomainErrorOptions) {
    super(code, AUDIT_ERRORS[code], options);
  }
}
