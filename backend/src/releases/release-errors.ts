import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum ReleaseErrorCode {
  /** A kind and slug the releases table does not know (the update routes and the admin upload alike). */
  PRODUCT_NOT_FOUND = 'PRODUCT_NOT_FOUND',
  /** An upload without a `file` part. */
  RELEASE_FILE_REQUIRED = 'RELEASE_FILE_REQUIRED',
  RELEASE_NOT_ZIP = 'RELEASE_NOT_ZIP',
  /** A zip that opens but cannot be read through: damaged, encrypted, unsafe names, too many entries. */
  RELEASE_ZIP_INVALID = 'RELEASE_ZIP_INVALID',
  RELEASE_FOLDER_MISSING = 'RELEASE_FOLDER_MISSING',
  RELEASE_MAIN_FILE_MISSING = 'RELEASE_MAIN_FILE_MISSING',
  /** The text names both versions; `zipVersion` and `formVersion` beside it. */
  RELEASE_VERSION_MISMATCH = 'RELEASE_VERSION_MISMATCH',
  /** The main file has no Version: header; `formVersion` beside the text. */
  RELEASE_VERSION_HEADER_MISSING = 'RELEASE_VERSION_HEADER_MISSING',
  /** The text names the limit (RELEASE_MAX_MB); `maxBytes` and `maxMb` beside it. */
  RELEASE_TOO_LARGE = 'RELEASE_TOO_LARGE',
  RELEASE_VERSION_EXISTS = 'RELEASE_VERSION_EXISTS',
  RELEASE_NOT_FOUND = 'RELEASE_NOT_FOUND',
}

export const RELEASE_ERRORS: ErrorTable<ReleaseErrorCode> = {
  [ReleaseErrorCode.PRODUCT_NOT_FOUND]: { status: 404, text: 'Product not found' },
  [ReleaseErrorCode.RELEASE_FILE_REQUIRED]: { status: 400, text: 'A zip file is required' },
  [ReleaseErrorCode.RELEASE_NOT_ZIP]: { status: 400, text: 'The file is not a zip archive' },
  [ReleaseErrorCode.RELEASE_ZIP_INVALID]: {
    status: 400,
    text: 'The zip archive is damaged, encrypted, or has too many entries',
  },
  [ReleaseErrorCode.RELEASE_FOLDER_MISSING]: {
    status: 400,
    text: "The zip does not hold a folder named after the product's slug",
  },
  [ReleaseErrorCode.RELEASE_MAIN_FILE_MISSING]: {
    status: 400,
    text: "The zip's folder has no main file with the product's name header (Plugin Name: in a .php file, Theme Name: in style.css)",
  },
  [ReleaseErrorCode.RELEASE_VERSION_MISMATCH]: {
    status: 400,
    text: "The main file's Version: header differs from the version given",
  },
  [ReleaseErrorCode.RELEASE_VERSION_HEADER_MISSING]: {
    status: 400,
    text: "The zip's main file has no Version: header",
  },
  [ReleaseErrorCode.RELEASE_TOO_LARGE]: {
    status: 413,
    text: 'The file is larger than the upload limit',
  },
  [ReleaseErrorCode.RELEASE_VERSION_EXISTS]: {
    status: 409,
    text: 'This version of the product already exists',
  },
  [ReleaseErrorCode.RELEASE_NOT_FOUND]: { status: 404, text: 'Release not found' },
};

export class ReleaseError extends DomainError<ReleaseErrorCode> {
  constructor(code: ReleaseErrorCode, options?: DomainErrorOptions) {
    super(code, RELEASE_ERRORS[code], options);
  }
}
