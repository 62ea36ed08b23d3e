import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth.decorator';
import { appOrigin } from '../common/url';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { authorizePage } from './dev-idp.page';
import { DEV_SIGN_IN_TEXTS, pageLanguage } from './dev-idp.texts';
import { DevIdpService, OAuthError, type DevAccount } from './dev-idp.service';
import { devSignInAllowed } from './dev-sign-in';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * OAuth parameters are single strings ("MUST NOT be included more than once", RFC 6749 §3.1): a repeated
 * parameter (an array) or a nested one (an object) is refused with invalid_request instead of reaching code
 * that expects a string.
 */
function singleParams(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (input === null || input === undefined) return out;
  if (typeof input !== 'object')
    throw new OAuthError('invalid_request', 'Malformed request parameters');
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (typeof value !== 'string')
      throw new OAuthError(
        'invalid_request',
        `Parameter ${key.slice(0, 64)} must be given once, as a string`,
      );
    out[key] = value;
  }
  return out;
}

/** The test knobs of the form and of GET with login_hint: `sub` and `email_verified` (default: stable sub, verified). */
function accountFrom(
  params: Record<string, string>,
  email: string,
  name: string | undefined,
): DevAccount {
  const verified = params.email_verified;
  if (verified !== undefined && verified !== 'true' && verified !== 'false') {
    throw new OAuthError('invalid_request', 'email_verified must be true or false');
  }
  return {
    email,
    name: name ?? '',
    sub: params.sub ? params.sub : undefined,
    emailVerified: verified === undefined ? true : verified === 'true',
  };
}

@ApiExcludeController()
@Public()
@Controller('dev-idp')
export class DevIdpController {
  constructor(
    private readonly idp: DevIdpService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET shows the form, or with login_hint signs that address in at once. */
  @Get('authorize')
  authorize(@Req() req: Request, @Query() query: unknown, @Res() res: Response) {
    this.authorizeStep(req, res, query, (params) => ({
      email: params.login_hint,
      name: params.name,
      submit: Boolean(params.login_hint),
    }));
  }

  @Post('authorize')
  submit(@Req() req: Request, @Body() body: unknown, @Res() res: Response) {
    this.authorizeStep(req, res, body, (params) => ({
      email: params.email,
      name: params.name,
      submit: true,
    }));
  }

  @Post('token')
  @HttpCode(200)
  token(@Req() req: Request, @Body() body: unknown, @Res() res: Response) {
    this.oauthAnswer(req, res, () => {
      const auth = req.headers.authorization;
      return this.idp.exchangeCode(singleParams(body), auth);
    });
  }

  @Get('userinfo')
  userinfo(@Req() req: Request, @Query() query: unknown, @Res() res: Response) {
    this.oauthAnswer(req, res, () => {
      const token = singleParams(query).access_token;
      return this.idp.userinfo(
        req.headers.authorization ?? (token ? `Bearer ${token}` : undefined),
      );
    });
  }

  /** Outside a loopback request (or DEV_SIGN_IN=1), the provider does not exist. */
  private assertAllowed(req: Request) {
    if (!devSignInAllowed(req, this.config)) throw new NotFoundException();
  }

  private authorizeStep(
    req: Request,
    res: Response,
    input: unknown,
    pick: (params: Record<string, string>) => { email?: string; name?: string; submit: boolean },
  ) {
    this.assertAllowed(req);
    let params: Record<string, string>;
    let checked;
    try {
      params = singleParams(input);
      checked = this.idp.checkAuthorizeRequest(params, appOrigin(req, this.config.publicUrl));
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      return res.status(400).type('text/plain').send(`Error 400: ${e.error}\n${e.description}`);
    }
    res.setHeader('Cache-Control', 'no-store');
    if (params.action === 'deny') {
      return res.redirect(
        302,
        this.idp.redirectWith(checked.redirectUri, {
          error: 'access_denied',
          state: checked.state,
        }),
      );
    }
    const language = pageLanguage(req.headers.cookie, req.headers['accept-language']);
    const texts = DEV_SIGN_IN_TEXTS[language];
    const { email, name, submit } = pick(params);
    const wantsSubmit = submit && email !== undefined;
    let error: string | undefined;
    if (wantsSubmit && EMAIL.test(email.trim())) {
      try {
        const code = this.idp.issueCode(checked, accountFrom(params, email, name));
        return res.redirect(
          302,
          this.idp.redirectWith(checked.redirectUri, { code, state: checked.state }),
        );
      } catch (e) {
        if (!(e instanceof OAuthError)) throw e;
        error = texts.refusals[e.description] ?? e.description;
      }
    } else if (wantsSubmit) {
      error = texts.invalidEmail;
    }
    res
      .status(error ? 400 : 200)
      .type('html')
      .send(authorizePage(params, this.config.brandName, error, language));
  }

  private oauthAnswer(req: Request, res: Response, fn: () => object) {
    this.assertAllowed(req);
    res.setHeader('Cache-Control', 'no-store');
    try {
      res.json(fn());
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      res.status(e.status).json({ error: e.error, error_description: e.description });
    }
  }
}
