import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth.decorator';
import { isUuid } from '../common/query';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { devSignInAllowed } from '../dev-idp/dev-sign-in';
import { mailboxPage, messageHtml, messagePage, notFoundPage } from './dev-mail.page';
import { MailOutboxRepository } from './mail-outbox.repository';

/**
 * The development mailbox at /dev-mail/ (docs/mail.md, docs/security.md "Exposure"): only without SMTP_URL
 * and exactly where the development sign-in is (devSignInAllowed: not in production, not with Google
 * configured, not behind a public PUBLIC_URL without DEV_SIGN_IN=1, and only requests made on this machine
 * unless DEV_SIGN_IN=1). It shows sign-in codes, so it is never open where the sign-in is not. Elsewhere a 404.
 */
@ApiExcludeController()
@Public()
@Controller('dev-mail')
export class DevMailController {
  constructor(
    private readonly repo: MailOutboxRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private assertAllowed(req: Request) {
    // The development sign-in's own rule (the mailbox shows sign-in codes), and no SMTP server.
    if (!this.config.mail.devMailbox || !devSignInAllowed(req, this.config))
      throw new NotFoundException();
  }

  @Get()
  async list(@Req() req: Request, @Res() res: Response) {
    this.assertAllowed(req);
    const { rows, total } = await this.repo.list({ page: 1, pageSize: 100 });
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(mailboxPage(rows, total));
  }

  @Get(':id')
  async show(@Req() req: Request, @Param('id') id: string, @Res() res: Response) {
    this.assertAllowed(req);
    const message = isUuid(id) ? await this.repo.findById(id) : null;
    res.setHeader('Cache-Control', 'no-store');
    if (!message) return res.status(404).type('html').send(notFoundPage());
    res.type('html').send(messagePage(message));
  }

  /** The message's HTML for the sandboxed frame: no script, nothing but its inline styles and images. */
  @Get(':id/html')
  async html(@Req() req: Request, @Param('id') id: string, @Res() res: Response) {
    this.assertAllowed(req);
    const message = isUuid(id) ? await this.repo.findById(id) : null;
    if (!message) return res.status(404).type('html').send(notFoundPage());
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation",
    );
    res.type('html').send(messageHtml(message));
  }
}
