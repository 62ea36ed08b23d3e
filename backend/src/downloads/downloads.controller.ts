import { Controller, Get, Param, ParseEnumPipe, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthService } from '../auth/auth.service';
import { Public } from '../common/auth.decorator';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import type { AppRequest } from '../common/request';
import { DownloadError, DownloadErrorCode } from './download-errors';
import { DownloadsService } from './downloads.service';
import { ReleaseInfoDto } from './dto/release.dto';
import type { ReleaseKind } from './releases';

const kinds = new ParseEnumPipe(['plugins', 'themes'] as const, {
  exceptionFactory: () => new DownloadError(DownloadErrorCode.PRODUCT_NOT_FOUND),
});

/**
 * Delivery to the plugin and theme. Public at the router: each handler authorises a session, a bearer
 * activation code or a signed link itself (WordPress downloads without custom headers).
 */
@ApiTags('downloads')
@Controller('api/wp-updates')
export class DownloadsController {
  constructor(
    private readonly downloads: DownloadsService,
    private readonly auth: AuthService,
  ) {}

  private async userId(req: AppRequest): Promise<string | null> {
    const user = (await this.auth.currentUser(req)) ?? (await this.auth.bearerUser(req));
    return user?.id ?? null;
  }

  @Public()
  @Get(':kind/download/:product')
  @ApiBearerAuth()
  @ApiParam({ name: 'kind', enum: ['plugins', 'themes'] })
  @ApiQuery({
    name: 'link',
    required: false,
    description: 'A signed link from the update metadata',
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description: 'The release zip (ETag and Range supported)',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  async download(
    @Param('kind', kinds) kind: ReleaseKind,
    @Param('product') product: string,
    @Query('link') link: string | undefined,
    @Req() req: AppRequest,
    @Res() res: Response,
  ) {
    const release = await this.downloads.authorize(
      kind,
      product,
      link ? null : await this.userId(req),
      link,
    );
    res.setHeader('Cache-Control', 'private, no-cache');
    res.attachment(release.fileName);
    res.sendFile(release.path, {
      etag: true,
      lastModified: true,
      acceptRanges: true,
      dotfiles: 'deny',
    });
  }

  @Public()
  @Get(':kind/:product/info')
  @ApiBearerAuth()
  @ApiParam({ name: 'kind', enum: ['plugins', 'themes'] })
  @ApiOkResponse({
    type: ReleaseInfoDto,
    description: 'plugin-update-checker metadata with a short-lived signed download_url',
  })
  async info(
    @Param('kind', kinds) kind: ReleaseKind,
    @Param('product') product: string,
    @Req() req: AppRequest,
  ) {
    const userId = await this.userId(req);
    if (!userId) throw new CommonError(CommonErrorCode.UNAUTHENTICATED);
    return this.downloads.metadata(kind, product, userId, `${req.protocol}://${req.get('host')}`);
  }
}
