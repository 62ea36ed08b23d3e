import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum DownloadErrorCode {
  PRODUCT_NOT_FOUND = 'PRODUCT_NOT_FOUND',
  DOWNLOAD_LICENSE_REQUIRED = 'DOWNLOAD_LICENSE_REQUIRED',
  DOWNLOAD_LINK_INVALID = 'DOWNLOAD_LINK_INVALID',
}

export const DOWNLOAD_ERRORS: ErrorTable<DownloadErrorCode> = {
  [DownloadErrorCode.PRODUCT_NOT_FOUND]: { status: 404, text: 'Product not found' },
  [DownloadErrorCode.DOWNLOAD_LICENSE_REQUIRED]: {
    status: 403,
    text: 'An active licence is required to download',
  },
  [DownloadErrorCode.DOWNLOAD_LINK_INVALID]: {
    status: 403,
    text: 'Download link is invalid or expired',
  },
};

export class DownloadError extends DomainError<DownloadErrorCode> {
  constructor(code: DownloadErrorCode, options?: DomainErrorOptions) {
    super(code, DOWNLOAD_ERRORS[code], options);
  }
}
