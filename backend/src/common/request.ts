import type { Request } from 'express';
import type { User } from '../users/user.entity';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Same-origin path to return to after the identity provider. */
    returnTo?: string;
  }
}

/** An Express request after our middleware: `currentUser` is loaded lazily from the session. */
export interface AppRequest extends Request {
  currentUser?: User | null;
}
