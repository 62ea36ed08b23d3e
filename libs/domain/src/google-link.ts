/**
 * Why linking Google to a signed-in account failed (docs/sign-in.md, "Ways in"): the backend sends the
 * browser back to `/profile?error=<failure>` and the profile page explains each.
 */
export const GOOGLE_LINK_FAILURES = [
  'GoogleLinkedElsewhere',
  'GoogleHasAnother',
  'GoogleLinkFailed',
] as const;
export type GoogleLinkFailure = (typeof GOOGLE_LINK_FAILURES)[number];
