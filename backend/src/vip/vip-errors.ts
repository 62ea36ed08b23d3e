import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum VipErrorCode {
  VIP_EMAIL_ALREADY_LISTED = 'VIP_EMAIL_ALREADY_LISTED',
  VIP_ADMIN_EMAIL_PROTECTED = 'VIP_ADMIN_EMAIL_PROTECTED',
  VIP_EMAIL_NOT_LISTED = 'VIP_EMAIL_NOT_LISTED',
  /** No '@' at all. */
  VIP_EMAIL_FORMAT_INVALID = 'VIP_EMAIL_FORMAT_INVALID',
  /** Blank, too long, or not name@domain.tld. */
  VIP_EMAIL_INVALID = 'VIP_EMAIL_INVALID',
}

export const VIP_ERRORS: ErrorTable<VipErrorCode> = {
  [VipErrorCode.VIP_EMAIL_ALREADY_LISTED]: { status: 400, text: 'Email is already in VIP list' },
  [VipErrorCode.VIP_ADMIN_EMAIL_PROTECTED]: {
    status: 400,
    text: 'Cannot remove admin email from VIP list',
  },
  [VipErrorCode.VIP_EMAIL_NOT_LISTED]: { status: 400, text: 'Email not found in VIP list' },
  [VipErrorCode.VIP_EMAIL_FORMAT_INVALID]: { status: 400, text: 'Invalid email format' },
  [VipErrorCode.VIP_EMAIL_INVALID]: { status: 400, text: 'Must be a valid email address' },
};

export class VipError extends DomainError<VipErrorCode> {
  constructor(code: VipErrorCode, options?: DomainErrorOptions) {
    super(code, VIP_ERRORS[code], options);
  }
}
