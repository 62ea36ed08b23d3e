import type { GoogleLinkFailure } from '@seatkeeper/domain';
import type { AppRequest } from '../common/request';
import { safeRelativePath } from '../common/url';

/**
 * Linking Google to a signed-in account (docs/sign-in.md, "Ways in"): the same round trip as a Google
 * sign-in, started from the profile. The session remembers which account asked, where to come back and
 * when; the callback uses it up and links instead of signing in. A link older than the provider's own
 * round trip could take (10 minutes), or asked by another account than the session's now, is refused.
 */
export interface GoogleLink {
  userId: string;
  returnTo: string;
  at: number;
}

export const GOOGLE_LINK_MAX_AGE_MS = 10 * 60 * 1000;

/** Remembers a link asked by the session's account, back to `callbackURL` (a same-origin path). */
export function startGoogleLink(
  req: AppRequest,
  userId: string,
  callbackURL: unknown,
  now: number,
) {
  req.session.googleLink = { userId, returnTo: safeRelativePath(callbackURL, '/profile'), at: now };
}

/** The session's link, taken out of it (once); undefined when none was asked. */
export function takeGoogleLink(req: AppRequest): GoogleLink | undefined {
  const link = req.session?.googleLink;
  if (req.session) delete req.session.googleLink;
  return link;
}

/** Whether a taken link may proceed: the same account still signed in, within the time. */
export function googleLinkValid(
  link: GoogleLink,
  sessionUserId: string | undefined,
  now: number,
): boolean {
  return (
    link.userId === sessionUserId && now - link.at >= 0 && now - link.at <= GOOGLE_LINK_MAX_AGE_MS
  );
}

/** The page a link comes back to: its path with `linked=google`, or with the failure. */
export function googleLinkReturn(returnTo: string, outcome: { failure?: GoogleLinkFailure }) {
  const path = returnTo.split('?')[0];
  return outcome.failure ? `${path}?error=${outcome.failure}` : `${path}?linked=google`;
}

/** A link that did not happen, on its way to the profile page (OAuthCallbackFilter sends the browser). */
export class GoogleLinkException extends Error {
  constructor(
    readonly failure: GoogleLinkFailure,
    readonly returnTo: string,
  ) {
    super(`linking Google failed: ${failure}`);
  }
}
