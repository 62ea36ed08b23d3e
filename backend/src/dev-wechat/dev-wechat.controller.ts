import {
  Body,
  Controller,
  Get,
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
import { pageLanguage } from '../dev-idp/dev-idp.texts';
import { devSignInAllowed } from '../dev-idp/dev-sign-in';
import { DEV_WECHAT_TEXTS, qrConnectPage } from './dev-wechat.page';
import { DevWechatService, QrConnectError } from './dev-wechat.service';

/** Each parameter once, as a string (a repeated or nested one is refused). */
function singleParams(input: unknown): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (input === null || input === undefined) return out;
  if (typeof input !== 'object') return null;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (typeof value !== 'string') return null;
    out[key] = value;
  }
  return out;
}

/**
 * The development WeChat login server (docs/sign-in.md), mounted and answering exactly where the development
 * Google sign-in does (devSignInAllowed: not in production, loopback requests only unless DEV_SIGN_IN=1).
 * WECHAT_LOGIN_BASE and WECHAT_API_BASE point here to use it.
 */
@ApiExcludeController()
@Public()
@Controller('dev-wechat')
export class DevWechatController {
  constructor(
    private readonly wechat: DevWechatService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private assertAllowed(req: Request) {
    if (!devSignInAllowed(req, this.config)) throw new NotFoundException();
  }

  private badRequest(req: Request, res: Response, why: string) {
    const language = pageLanguage(req.headers.cookie, req.headers['accept-language']);
    res.status(400).type('text/plain').send(`${DEV_WECHAT_TEXTS[language].badRequest}: ${why}`);
  }

  /** The QR page (WeChat: https://open.weixin.qq.com/connect/qrconnect). */
  @Get('connect/qrconnect')
  qrconnect(@Req() req: Request, @Query() query: unknown, @Res() res: Response) {
    this.assertAllowed(req);
    const params = singleParams(query);
    if (!params) return this.badRequest(req, res, 'repeated parameter');
    try {
      this.wechat.checkQrConnect(params, appOrigin(req, this.config.publicUrl));
    } catch (e) {
      if (!(e instanceof QrConnectError)) throw e;
      return this.badRequest(req, res, e.message);
    }
    const language = pageLanguage(req.headers.cookie, req.headers['accept-language']);
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(qrConnectPage(params, this.config.brandName, language));
  }

  /** The phone's answer: allow gives redirect_uri?code&state, deny redirect_uri?state (no code). */
  @Post('connect/confirm')
  confirm(@Req() req: Request, @Body() body: unknown, @Res() res: Response) {
    this.assertAllowed(req);
    const params = singleParams(body);
    if (!params) return this.badRequest(req, res, 'repeated parameter');
    try {
      this.wechat.checkQrConnect(params, appOrigin(req, this.config.publicUrl));
    } catch (e) {
      if (!(e instanceof QrConnectError)) throw e;
      return this.badRequest(req, res, e.message);
    }
    const target = new URL(params.redirect_uri);
    if (params.action === 'allow') {
      const errcode = params.errcode ? Number(params.errcode) : undefined;
      if (errcode !== undefined && !Number.isInteger(errcode))
        return this.badRequest(req, res, 'errcode must be a number');
      target.searchParams.set(
        'code',
        this.wechat.issueCode({
          nickname: params.nickname ?? '',
          openid: params.openid,
          unionid: params.unionid,
          errcode,
        }),
      );
    }
    target.searchParams.set('state', params.state);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, target.toString());
  }

  @Get('sns/oauth2/access_token')
  accessToken(@Req() req: Request, @Query() query: unknown, @Res() res: Response) {
    this.assertAllowed(req);
    const params = singleParams(query) ?? {};
    // WeChat answers JSON as text/plain, errors included, with HTTP 200.
    res.type('text/plain').send(JSON.stringify(this.wechat.accessToken(params)));
  }

  @Get('sns/userinfo')
  userinfo(@Req() req: Request, @Query() query: unknown, @Res() res: Response) {
    this.assertAllowed(req);
    const params = singleParams(query) ?? {};
    res.type('text/plain').send(JSON.stringify(this.wechat.userinfo(params)));
  }
}
