import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum WechatErrorCode {
  /** WECHAT_LOGIN_APP_ID / WECHAT_LOGIN_APP_SECRET are not set: no WeChat sign-in here. */
  WECHAT_SIGN_IN_OFF = 'WECHAT_SIGN_IN_OFF',
  /** The e-mail step is for an account made by WeChat that has no address yet. */
  WECHAT_EMAIL_NOT_NEEDED = 'WECHAT_EMAIL_NOT_NEEDED',
  /** The proven address's account already has another WeChat linked (one per account). */
  WECHAT_ACCOUNT_HAS_WECHAT = 'WECHAT_ACCOUNT_HAS_WECHAT',
  /** Unlinking the only way in left would lock the customer out. */
  WAY_IN_LAST = 'WAY_IN_LAST',
  /** That way in is not linked to the account (or cannot be unlinked: the e-mail is the account's address). */
  WAY_IN_NOT_LINKED = 'WAY_IN_NOT_LINKED',
  /** Linking needs the provider to be configured here. */
  WAY_IN_UNAVAILABLE = 'WAY_IN_UNAVAILABLE',
  /** The admin's ways-in view: no such customer. */
  CUSTOMER_NOT_FOUND = 'CUSTOMER_NOT_FOUND',
}

export const WECHAT_ERRORS: ErrorTable<WechatErrorCode> = {
  [WechatErrorCode.WECHAT_SIGN_IN_OFF]: { status: 404, text: 'WeChat sign-in is not configured' },
  [WechatErrorCode.WECHAT_EMAIL_NOT_NEEDED]: {
    status: 409,
    text: 'This account already has an e-mail address',
  },
  [WechatErrorCode.WECHAT_ACCOUNT_HAS_WECHAT]: {
    status: 409,
    text: 'The account of this address already has another WeChat linked',
  },
  [WechatErrorCode.WAY_IN_LAST]: {
    status: 409,
    text: 'This is your only way in: link another one before unlinking it',
  },
  [WechatErrorCode.WAY_IN_NOT_LINKED]: {
    status: 409,
    text: 'This way in is not linked to your account',
  },
  [WechatErrorCode.WAY_IN_UNAVAILABLE]: {
    status: 404,
    text: 'This way in is not offered here',
  },
  [WechatErrorCode.CUSTOMER_NOT_FOUND]: { status: 404, text: 'Customer not found' },
};

export class WechatError extends DomainError<WechatErrorCode> {
  constructor(code: WechatErrorCode, options?: DomainErrorOptions) {
    super(code, WECHAT_ERRORS[code], options);
  }
}
