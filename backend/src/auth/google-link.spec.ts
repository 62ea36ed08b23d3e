import {
  GOOGLE_LINK_MAX_AGE_MS,
  googleLinkReturn,
  googleLinkValid,
  startGoogleLink,
  takeGoogleLink,
} from './google-link';
import type { AppRequest } from '../common/request';

const request = () => ({ session: {} }) as unknown as AppRequest;

describe('linking Google from the profile', () => {
  it('remembers the asking account and a same-origin path, once', () => {
    const req = request();
    startGoogleLink(req, 'u1', '/profile?tab=ways', 1000);
    expect(takeGoogleLink(req)).toEqual({ userId: 'u1', returnTo: '/profile?tab=ways', at: 1000 });
    expect(takeGoogleLink(req)).toBeUndefined();
    startGoogleLink(req, 'u1', 'https://evil.example/', 1000);
    expect(takeGoogleLink(req)?.returnTo).toBe('/profile');
    expect(takeGoogleLink({} as AppRequest)).toBeUndefined();
  });

  it('proceeds only for the same account, within ten minutes', () => {
    const link = { userId: 'u1', returnTo: '/profile', at: 1000 };
    expect(googleLinkValid(link, 'u1', 1000 + GOOGLE_LINK_MAX_AGE_MS)).toBe(true);
    expect(googleLinkValid(link, 'u1', 1001 + GOOGLE_LINK_MAX_AGE_MS)).toBe(false);
    expect(googleLinkValid(link, 'u2', 2000)).toBe(false);
    expect(googleLinkValid(link, undefined, 2000)).toBe(false);
    expect(googleLinkValid(link, 'u1', 999)).toBe(false);
  });

  it('comes back to the path without its query, saying how it went', () => {
    expect(googleLinkReturn('/profile?x=1', {})).toBe('/profile?linked=google');
    expect(googleLinkReturn('/profile', { failure: 'GoogleHasAnother' })).toBe(
      '/profile?error=GoogleHasAnother',
    );
  });
});
