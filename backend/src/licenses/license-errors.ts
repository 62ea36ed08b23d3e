import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum LicenseErrorCode {
  /** The licence id in the path is blank (e.g. `/licenses/%20/bind`). */
  LICENSE_ID_REQUIRED = 'LICENSE_ID_REQUIRED',
  LICENSE_NOT_FOUND = 'LICENSE_NOT_FOUND',
  /** A yearly seat past its expiry. */
  LICENSE_EXPIRED = 'LICENSE_EXPIRED',
  NO_BINDING_CHANGES_LEFT = 'NO_BINDING_CHANGES_LEFT',
  /** The domain is already bound to another seat of the same customer. */
  DOMAIN_ALREADY_BOUND = 'DOMAIN_ALREADY_BOUND',
  INVALID_URL = 'INVALID_URL',
  DEVELOPMENT_HOST = 'DEVELOPMENT_HOST',
  /** The seat's order was refunded: the seat no longer licenses anything. */
  LICENSE_REVOKED = 'LICENSE_REVOKED',
}

export const LICENSE_ERRORS: ErrorTable<LicenseErrorCode> = {
  [LicenseErrorCode.LICENSE_ID_REQUIRED]: { status: 400, text: 'License ID is required' },
  [LicenseErrorCode.LICENSE_NOT_FOUND]: { status: 404, text: 'License not found' },
  [LicenseErrorCode.LICENSE_EXPIRED]: { status: 400, text: 'License has expired' },
  [LicenseErrorCode.NO_BINDING_CHANGES_LEFT]: {
    status: 400,
    text: 'No binding changes left for this license',
  },
  [LicenseErrorCode.DOMAIN_ALREADY_BOUND]: {
    status: 400,
    text: '该域名已绑定到您的永久版/年付版授权',
  },
  [LicenseErrorCode.LICENSE_REVOKED]: {
    status: 400,
    text: 'This licence was revoked (its order was refunded)',
  },
  [LicenseErrorCode.INVALID_URL]: { status: 400, text: 'Must be a valid URL' },
  [LicenseErrorCode.DEVELOPMENT_HOST]: {
    status: 400,
    text: 'Development hosts (localhost, 127.0.0.1, *.local, *.test, *.localhost) need no seat: the plugin works there without binding',
  },
};

export class LicenseError extends DomainError<LicenseErrorCode> {
  constructor(code: LicenseErrorCode, options?: DomainErrorOptions) {
    super(code, LICENSE_ERRORS[code], options);
  }
}
