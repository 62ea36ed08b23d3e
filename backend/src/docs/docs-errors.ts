import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum DocsErrorCode {
  DOCS_SECTION_NOT_FOUND = 'DOCS_SECTION_NOT_FOUND',
}

export const DOCS_ERRORS: ErrorTable<DocsErrorCode> = {
  [DocsErrorCode.DOCS_SECTION_NOT_FOUND]: { status: 404, text: 'Docs section not found' },
};

export class DocsError extends DomainError<DocsErrorCode> {
  constructor(code: DocsErrorCode, options?: DomainErrorOptions) {
    super(code, DOCS_ERRORS[code], options);
  }
}
