/**
 * The TanStack Query keys that more than one feature reads or invalidates (docs/architecture.md#boundaries):
 * a feature imports no other feature, so a key shared between them lives here. A key one feature alone
 * uses stays with that feature's api/ module.
 */

/** The user's licences and seats: binding, activation, a purchase and the AI settings refresh them. */
export const licensesQueryKey = ['licenses'] as const;

/** The plan list customers buy from: an admin's plan edit and a purchase refresh it. */
export const plansQueryKey = ['plans'] as const;

/** Every order query sits under ['orders'] (the list and each polled order), so one key refreshes all. */
export const ordersQueryKey = ['orders'] as const;

/** Every docs query starts with this key: the admin editor invalidates it after a save. */
export const docsQueryKey = ['docs'] as const;

/** The admin's plan table: the discount form offers its plans. */
export const adminPlansQueryKey = ['admin', 'plans'] as const;
