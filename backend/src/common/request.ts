import type { Request } from 'express';
import type { User } from '../users/user.entity';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Same-origin path to return to after the identity provider. */
    returnTo?: string;
    /** The browser's User-Agent at sign-in (cut to auth/device.ts MAX_USER_AGENT), for the sessions list. */
    userAgent?: string;
  }
}

/** An Express request after our middleware: `currentUser` is loaded lazily from the session. */
export interface AppRequest extends Request {
  currentUser?: User | null;
}
