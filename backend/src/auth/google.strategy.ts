import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy, StrategyOptions } from 'passport-google-oauth20';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { devIdpClient, devIdpInternalOrigin } from '../dev-idp/dev-idp.client';
import type { User } from '../users/user.entity';
import type { AppRequest } from '../common/request';
import { GoogleLinkRefusedError, UsersService, type IdentityProfile } from '../users/users.service';
import { GoogleLinkException, googleLinkValid, takeGoogleLink } from './google-link';

/** Google in production; the development identity provider (same protocol) when Google is not configured. */
export function googleStrategyOptions(config: AppConfig): StrategyOptions {
  const callbackURL = `${config.publicUrl}/api/auth/callback/google`;
  const common = {
    callbackURL,
    scope: ['openid', 'email', 'profile'],
    state: true,
    pkce: true,
    sessionKey: 'oauth2:google',
    // validate() reads the session: a link started from the profile (google-link.ts) is not a sign-in.
    passReqToCallback: true,
  };
  if (config.google) {
    return {
      ...common,
      clientID: config.google.clientId,
      clientSecret: config.google.clientSecret,
      authorizationURL: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenURL: 'https://oauth2.googleapis.com/token',
    } as StrategyOptions;
  }
  const client = devIdpClient(config.secret);
  const internal = devIdpInternalOrigin(config);
  return {
    ...common,
    clientID: client.clientId,
    clientSecret: client.clientSecret,
    authorizationURL: `${config.publicUrl}/dev-idp/authorize`,
    tokenURL: `${internal}/dev-idp/token`,
    userProfileURL: `${internal}/dev-idp/userinfo`,
  } as StrategyOptions;
}

@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    super(googleStrategyOptions(config));
    // Send the access token in the Authorization header rather than the query string (kept out of URLs).
    (
      this as unknown as { _oauth2: { useAuthorizationHeaderforGET(v: boolean): void } }
    )._oauth2.useAuthorizationHeaderforGET(true);
  }

  async validate(
    req: AppRequest,
    _accessToken: string,
    _refreshToken: string,
    profile: Profile,
  ): Promise<User | false> {
    const link = takeGoogleLink(req);
    const json = profile._json as {
      email?: string;
      email_verified?: boolean | string;
      picture?: string;
    };
    const email = profile.emails?.[0]?.value ?? json.email;
    if (!email || !profile.id) {
      if (link) throw new GoogleLinkException('GoogleLinkFailed', link.returnTo);
      return false;
    }
    const identity: IdentityProfile = {
      sub: profile.id,
      email,
      name: profile.displayName || profile.name?.givenName || '',
      image: profile.photos?.[0]?.value ?? json.picture ?? null,
      emailVerified: json.email_verified === true || json.email_verified === 'true',
    };
    if (!link) return this.users.signInFromProfile(identity);
    if (!googleLinkValid(link, req.session?.userId, Date.now()))
      throw new GoogleLinkException('GoogleLinkFailed', link.returnTo);
    try {
      const user = await this.users.linkGoogle(link.userId, identity);
      req.googleLinked = link.returnTo;
      return user;
    } catch (e) {
      if (!(e instanceof GoogleLinkRefusedError)) throw e;
      throw new GoogleLinkException(
        e.reason === 'linked-elsewhere' ? 'GoogleLinkedElsewhere' : 'GoogleHasAnother',
        link.returnTo,
      );
    }
  }
}
