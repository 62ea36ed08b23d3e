import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum TokenErrorCode {
  TOKEN_REQUIRED = 'TOKEN_REQUIRED',
}

export const TOKEN_ERRORS: ErrorTable<TokenErrorCode> = {
  [TokenErrorCode.TOKEN_REQUIRED]: { status: 400, text: 'Token is required' },
};

export class TokenError extends DomainError<TokenErrorCode> {
  constructor(code: TokenErrorCode, options?: DomainErrorOptions) {
    super(code, TOKEN_ERRORS[code], options);
  }
}
