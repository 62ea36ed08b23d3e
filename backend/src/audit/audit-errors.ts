import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum AuditErrorCode {
  /** The list's date range ends before it starts. */
  AUDIT_DATES_INVALID = 'AUDIT_DATES_INVALID',
  /** The list's target is none of a customer's e-mail, an order number or a seat id. */
  AUDIT_TARGET_INVALID = 'AUDIT_TARGET_INVALID',
}

export const AUDIT_ERRORS: ErrorTable<AuditErrorCode> = {
  [AuditErrorCode.AUDIT_DATES_INVALID]: { status: 400, text: 'to must be after from' },
  [AuditErrorCode.AUDIT_TARGET_INVALID]: {
    status: 400,
    text: "target must be a customer's e-mail, an order number or a seat id",
  },
};

export class AuditError extends DomainError<AuditErrorCode> {
  constructor(code: AuditErrorCode, options?: DomainErrorOptions) {
    super(code, AUDIT_ERRORS[code], options);
  }
}
