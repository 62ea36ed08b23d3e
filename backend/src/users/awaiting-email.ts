import { DomainError } from '../common/domain-error';
import type { User } from './user.entity';

/**
 * An account made by a first WeChat sign-in has no e-mail address yet (WeChat gives none; docs/sign-in.md):
 * it holds a reserved address under a `.invalid` domain until the customer proves a real one with a code.
 * Until then the customer browses but cannot pay (receipts need an address): ACCOUNT_EMAIL_REQUIRED.
 */
export const AWAITING_EMAIL_DOMAIN = 'wechat.invalid';

export const awaitingEmail = (id: string) => `wechat-${id}@${AWAITING_EMAIL_DOMAIN}`;

export const isAwaitingEmail = (user: Pick<User, 'email'>) =>
  typeof user.email === 'string' && user.email.endsWith(`@${AWAITING_EMAIL_DOMAIN}`);

export class AccountEmailRequiredError extends DomainError<'ACCOUNT_EMAIL_REQUIRED'> {
  constructor() {
    super('ACCOUNT_EMAIL_REQUIRED', {
      status: 403,
      text: 'Add and confirm an e-mail address before paying: receipts are sent there',
    });
  }
}

/** The payment routes' guard: an account without a proven address may not order. */
export function assertHasEmail(user: Pick<User, 'email'>): void {
  if (isAwaitingEmail(user)) throw new AccountEmailRequiredError();
}
