import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum MailErrorCode {
  MAIL_NOT_FOUND = 'MAIL_NOT_FOUND',
  /** Only a failed message can be sent again (a queued or sending one is on its way, a sent one arrived). */
  MAIL_NOT_FAILED = 'MAIL_NOT_FAILED',
}

export const MAIL_ERRORS: ErrorTable<MailErrorCode> = {
  [MailErrorCode.MAIL_NOT_FOUND]: { status: 404, text: 'Message not found' },
  [MailErrorCode.MAIL_NOT_FAILED]: { status: 409, text: 'Only a failed message can be sent again' },
};

export class MailError extends DomainError<MailErrorCode> {
  constructor(code: MailErrorCode, options?: DomainErrorOptions) {
    super(code, MAIL_ERRORS[code], options);
  }
}
