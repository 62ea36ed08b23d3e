import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/auth.decorator';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { authorizePage } from './dev-idp.page';
import { DevIdpService, OAuthError } from './dev-idp.service';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  authorize(@Query() query: Record<string, string>, @Res() res: Response) {
    this.handleAuthorize(query, query.login_hint, query.name, res, Boolean(query.login_hint));
  }

  @Post('authorize')
  submit(@Body() body: Record<string, string>, @Res() res: Response) {
    if (body.action === 'deny') {
      const req = this.idp.checkAuthorizeRequest(body);
      return res.redirect(302, this.idp.redirectWith(req.redirectUri, { error: 'access_denied', state: req.state }));
    }
    this.handleAuthorize(body, body.email, body.name, res, true);
  }

  @Post('token')
  @HttpCode(200)
  token(@Body() body: Record<string, string>, @Headers('authorization') auth: string | undefined, @Res() res: Response) {
    this.oauthAnswer(res, () => this.idp.exchangeCode(body, auth));
  }

  @Get('userinfo')
  userinfo(@Headers('authorization') auth: string | undefined, @Query('access_token') token: string | undefined, @Res() res: Response) {
    this.oauthAnswer(res, () => this.idp.userinfo(auth ?? (token ? `Bearer ${token}` : undefined)));
  }

  private handleAuthorize(params: Record<string, string>, email: string | undefined, name: string | undefined, res: Response, submit: boolean) {
    let req;
    try {
      req = this.idp.checkAuthorizeRequest(params);
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      return res.status(400).type('text/plain').send(`Error 400: ${e.error}\n${e.description}`);
    }
    res.setHeader('Cache-Control', 'no-store');
    const wantsSubmit = submit && email !== undefined;
    if (wantsSubmit && EMAIL.test(email!.trim())) {
      const code = this.idp.issueCode(req, email!, name ?? '');
      return res.redirect(302, this.idp.redirectWith(req.redirectUri, { code, state: req.state }));
    }
    const error = wantsSubmit ? 'Enter a valid e-mail address.' : undefined;
    res.status(error ? 400 : 200).type('html').send(authorizePage(params, this.config.brandName, error));
  }

  private oauthAnswer(res: Response, fn: () => object) {
    res.setHeader('Cache-Control', 'no-store');
    try {
      res.json(fn());
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      res.status(e.status).json({ error: e.error, error_description: e.description });
    }
  }
}
