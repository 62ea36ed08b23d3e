import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

/** The admin's customer page and its actions (docs/rules.md, "Customer support"). */
export enum CustomerErrorCode {
  CUSTOMER_NOT_FOUND = 'CUSTOMER_NOT_FOUND',
  /** A free grant goes up: the customer already holds this tier or a higher one. */
  TIER_NOT_ABOVE_CURRENT = 'TIER_NOT_ABOVE_CURRENT',
  /** Revoking a seat that is revoked already (e.g. a second admin at the same moment). */
  SEAT_ALREADY_REVOKED = 'SEAT_ALREADY_REVOKED',
  /** A revoked seat's binding changes cannot be reset. */
  SEAT_REVOKED = 'SEAT_REVOKED',
  /** The seat has all its binding changes: nothing to reset. */
  BINDING_CHANGES_NOT_SPENT = 'BINDING_CHANGES_NOT_SPENT',
  /** Signing out a customer who has no live session. */
  NO_SESSIONS = 'NO_SESSIONS',
}

export const CUSTOMER_ERRORS: ErrorTable<CustomerErrorCode> = {
  [CustomerErrorCode.CUSTOMER_NOT_FOUND]: { status: 404, text: 'Customer not found' },
  [CustomerErrorCode.TIER_NOT_ABOVE_CURRENT]: {
    status: 409,
    text: 'The customer already has this plan or a higher one',
  },
  [CustomerErrorCode.SEAT_ALREADY_REVOKED]: { status: 409, text: 'This seat is already revoked' },
  [CustomerErrorCode.SEAT_REVOKED]: { status: 409, text: 'This seat is revoked' },
  [CustomerErrorCode.BINDING_CHANGES_NOT_SPENT]: {
    status: 409,
    text: 'This seat has all its binding changes left',
  },
  [CustomerErrorCode.NO_SESSIONS]: { status: 409, text: 'The customer has no session to end' },
};

export class CustomerError extends DomainError<CustomerErrorCode> {
  constructor(code: CustomerErrorCode, options?: DomainErrorOptions) {
    super(code, CUSTOMER_ERRORS[code], options);
  }
}
