import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum DownloadErrorCode {
  DOWNLOAD_LICENSE_REQUIRED = 'DOWNLOAD_LICENSE_REQUIRED',
  DOWNLOAD_LINK_INVALID = 'DOWNLOAD_LINK_INVALID',
  /** A package link past DOWNLOAD_LINK_TTL_SECONDS: the site must check for updates again. */
  DOWNLOAD_LINK_EXPIRED = 'DOWNLOAD_LINK_EXPIRED',
  /** A package link whose seat was revoked, refunded or expired, or rebound to another site. */
  DOWNLOAD_SEAT_INACTIVE = 'DOWNLOAD_SEAT_INACTIVE',
}

export const DOWNLOAD_ERRORS: ErrorTable<DownloadErrorCode> = {
  [DownloadErrorCode.DOWNLOAD_LICENSE_REQUIRED]: {
    status: 403,
    text: 'An active licence is required to download',
  },
  [DownloadErrorCode.DOWNLOAD_LINK_INVALID]: {
    status: 403,
    text: 'Download link is invalid or expired',
  },
  // The texts of package links are HTTP reason phrases too, which WordPress shows the site owner:
  // plain ASCII (docs/wordpress.md).
  [DownloadErrorCode.DOWNLOAD_LINK_EXPIRED]: {
    status: 403,
    text: 'Download link expired, check for updates again',
  },
  [DownloadErrorCode.DOWNLOAD_SEAT_INACTIVE]: {
    status: 403,
    text: 'Licence not active for this site',
  },
};

export class DownloadError extends DomainError<DownloadErrorCode> {
  constructor(code: DownloadErrorCode, options?: DomainErrorOptions) {
    super(code, DOWNLOAD_ERRORS[code], options);
  }
}
