import type { Request } from 'express';
import type { User } from '../users/user.entity';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Same-origin path to return to after the identity provider. */
    returnTo?: string;
    /** The browser's User-Agent at sign-in (cut to auth/device.ts MAX_USER_AGENT), for the sessions list. */
    userAgent?: string;
    /** The way in this session signed in by (google, wechat, email): unlinking it ends the session. */
    via?: 'google' | 'wechat' | 'email';
    /** A WeChat sign-in or link under way (auth/wechat-sign-in-rules.ts): single use, 10 minutes. */
    wechatState?: import('../auth/wechat-sign-in-rules').WechatState;
    /**
     * Google being linked to the signed-in account (auth/google-link.ts): the account, where to come
     * back, and when it started; used up by the callback.
     */
    googleLink?: import('../auth/google-link').GoogleLink;
  }
}

/** An Express request after our middleware: `currentUser` is loaded lazily from the session. */
export interface AppRequest extends Request {
  currentUser?: User | null;
  /** Set by the Google callback when it linked Google to the signed-in account: where to go back. */
  googleLinked?: string;
}
