import type { User } from './user.entity';

/**
 * A closed account's orders are kept (accounting records) under a placeholder account that holds no
 * personal data (docs/rules.md, "Closing an account"): no one can sign in as it and no e-mail goes to it.
 */
export const PLACEHOLDER_NAME = 'Deleted account';
export const PLACEHOLDER_DOMAIN = 'deleted.invalid';

export const placeholderEmail = (id: string) => `deleted-${id}@${PLACEHOLDER_DOMAIN}`;

export const isPlaceholderAccount = (user: Pick<User, 'email'>) =>
  typeof user.email === 'string' && user.email.endsWith(`@${PLACEHOLDER_DOMAIN}`);
