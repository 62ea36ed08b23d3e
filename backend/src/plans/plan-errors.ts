import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

/** Why a plan cannot be bought (or upgraded to) now. */
export enum PlanErrorCode {
  PLAN_UNAVAILABLE = 'PLAN_UNAVAILABLE',
  PLAN_NOT_PUBLIC = 'PLAN_NOT_PUBLIC',
  PLAN_ALREADY_OWNED = 'PLAN_ALREADY_OWNED',
  PLAN_INCLUDED = 'PLAN_INCLUDED',
  /** The seller hid the plan (admin plans): not on sale now. */
  PLAN_HIDDEN = 'PLAN_HIDDEN',
  /** An admin edits a tier that does not exist. */
  PLAN_NOT_FOUND = 'PLAN_NOT_FOUND',
  /** A price edit would make a higher-ranked plan cost no more than a lower-ranked one. */
  PLAN_PRICE_BREAKS_RANK = 'PLAN_PRICE_BREAKS_RANK',
}

export const PLAN_ERRORS: ErrorTable<PlanErrorCode> = {
  [PlanErrorCode.PLAN_UNAVAILABLE]: { status: 400, text: 'not available now' },
  [PlanErrorCode.PLAN_NOT_PUBLIC]: {
    status: 400,
    text: 'VIP plan is open only to the whitelist and is granted automatically',
  },
  [PlanErrorCode.PLAN_ALREADY_OWNED]: { status: 400, text: 'already owned' },
  [PlanErrorCode.PLAN_INCLUDED]: {
    status: 400,
    text: 'already included in current higher plan',
  },
  [PlanErrorCode.PLAN_HIDDEN]: { status: 400, text: 'this plan is not on sale now' },
  [PlanErrorCode.PLAN_NOT_FOUND]: { status: 404, text: 'Plan not found' },
  [PlanErrorCode.PLAN_PRICE_BREAKS_RANK]: {
    status: 400,
    text: 'Each plan must cost more than every lower-ranked plan',
  },
};

export class PlanError extends DomainError<PlanErrorCode> {
  constructor(code: PlanErrorCode, options?: DomainErrorOptions) {
    super(code, PLAN_ERRORS[code], options);
  }
}
