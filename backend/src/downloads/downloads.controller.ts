import { Controller, Get, Param, ParseEnumPipe, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthService } from '../auth/auth.service';
import { Public } from '../common/auth.decorator';
import type { AppRequest } from '../common/request';
import { presentedCode } from '../plugin-api/credentials';
import { InstallsService } from '../installs/installs.service';
import { MetricsService } from '../metrics/metrics.service';
import { KEY_ID_HEADER, SIGNATURE_HEADER } from '../signing/signature';
import { SigningService } from '../signing/signing.service';
import { detailsPageHtml } from './details-page';
import { ReleaseError, ReleaseErrorCode } from '../releases/release-errors';
import { RELEASE_KINDS, type ReleaseKind } from '../releases/release-rules';
import type { ServedRelease } from '../releases/releases.service';
import { DownloadError } from './download-errors';
import { DownloadsService } from './downloads.service';
import { CurrentReleaseDto, ReleaseInfoDto } from './dto/release.dto';

const kinds = new ParseEnumPipe(RELEASE_KINDS, {
  exceptionFactory: () => new ReleaseError(ReleaseErrorCode.PRODUCT_NOT_FOUND),
});

/**
 * Sends a release's file (docs/wordpress.md, Releases): its SHA-256 as the ETag (If-None-Match: 304),
 * one byte range (Range: bytes=a-b → 206 with Content-Range; an unsatisfiable one 416; several, or
 * an If-Range that no longer matches, the whole file), streamed from the database a chunk at a time.
 */
function sendRelease(
  downloads: DownloadsService,
  release: ServedRelease,
  req: AppRequest,
  res: Response,
) {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', `"${release.sha256}"`);
  res.setHeader('Last-Modified', release.createdAt.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  res.attachment(release.fileName);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  let start = 0;
  let end = release.size - 1;
  const ifRange = req.headers['if-range'];
  const rangeApplies = !ifRange || ifRange === `"${release.sha256}"`;
  const ranges = req.headers.range && rangeApplies ? req.range(release.size) : undefined;
  if (ranges === -1) {
    res.status(416).setHeader('Content-Range', `bytes */${release.size}`);
    res.end();
    return;
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    start = ranges[0].start;
    end = ranges[0].end;
    res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${release.size}`);
  }
  res.setHeader('Content-Length', String(end - start + 1));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = downloads.fileStream(release, start, end);
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

/** A download's result by status, for seatkeeper_downloads_total (docs/monitoring.md); 200 is `served`. */
const DOWNLOAD_RESULTS: Record<number, 'partial' | 'not_modified' | 'range_not_satisfiable'> = {
  206: 'partial',
  304: 'not_modified',
  416: 'range_not_satisfiable',
};

const SIGNATURE_HEADERS = {
  [SIGNATURE_HEADER]: {
    description: 'Base64 Ed25519 signature of the exact body bytes',
    schema: { type: 'string' },
  },
  [KEY_ID_HEADER]: {
    description: 'The keyId of GET /api/licenses/public-key',
    schema: { type: 'string' },
  },
};

/**
 * Delivery to the plugin and theme (docs/wordpress.md). Public at the router: each handler authorises a
 * session, an activation code or a package link itself (WordPress downloads without custom headers).
 */
@ApiTags('downloads')
@Controller('api/wp-updates')
export class DownloadsController {
  constructor(
    private readonly downloads: DownloadsService,
    private readonly auth: AuthService,
    private readonly signing: SigningService,
    private readonly metrics: MetricsService,
    private readonly installs: InstallsService,
  ) {}

  private async userId(req: AppRequest): Promise<string | null> {
    const user = (await this.auth.currentUser(req)) ?? (await this.auth.bearerUser(req));
    return user?.id ?? null;
  }

  private origin(req: AppRequest): string {
    return `${req.protocol}://${req.get('host')}`;
  }

  @Public()
  @Get(':kind/download/:product')
  @ApiBearerAuth()
  @ApiParam({ name: 'kind', enum: ['plugins', 'themes'] })
  @ApiQuery({
    name: 'link',
    required: false,
    description: 'A package link from the update metadata (opaque, bound to a seat and a site)',
  })
  @ApiProduces('application/zip', 'text/plain')
  @ApiOkResponse({
    description:
      "The product's current release zip (ETag = its SHA-256, If-None-Match, one Range); a package link serves the current release, whichever was current when it was issued",
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiForbiddenResponse({
    description:
      'A refused package link answers 403 with its reason as the status text and a plain-text body ' +
      '(Licence not active for this site / Download link expired, check for updates again / ' +
      'Download link is invalid or expired), which WordPress shows the site owner',
  })
  async download(
    @Param('kind', kinds) kind: ReleaseKind,
    @Param('product') product: string,
    @Query('link') link: string | undefined,
    @Req() req: AppRequest,
    @Res() res: Response,
  ) {
    let release;
    if (link) {
      try {
        release = await this.downloads.authorizeLink(kind, product, link);
      } catch (e) {
        if (!(e instanceof DownloadError)) throw e;
        // WordPress reports a failed download by its status text: the reason goes there.
        res.statusCode = e.status;
        res.statusMessage = e.message;
        res.type('text/plain').send(`${e.message}\n`);
        this.metrics.download(kind, 'refused');
        return;
      }
    } else {
      release = await this.downloads.authorize(kind, product, await this.userId(req));
    }
    sendRelease(this.downloads, release, req, res);
    this.metrics.download(kind, DOWNLOAD_RESULTS[res.statusCode] ?? 'served');
  }

  @Public()
  @Get(':kind/:product/info')
  @ApiOperation({
    summary:
      "Update metadata for one site: the package only when the site's domain is bound to an active seat of the code's owner (or is a development host)",
  })
  @ApiBearerAuth()
  @ApiParam({ name: 'kind', enum: ['plugins', 'themes'] })
  @ApiQuery({ name: 'site', required: false, description: "The site's home URL" })
  @ApiQuery({
    name: 'license_key',
    required: false,
    description: 'The activation code, when there is no Authorization: Bearer header',
  })
  @ApiQuery({
    name: 'installed_version',
    required: false,
    description:
      'Install insights (docs/insights.md): the version the site runs; ignored when malformed',
  })
  @ApiQuery({
    name: 'php',
    required: false,
    description: "Install insights: the site's PHP version",
  })
  @ApiQuery({ name: 'locale', required: false, description: "Install insights: the site's locale" })
  @ApiOkResponse({
    type: ReleaseInfoDto,
    description:
      'Always 200 for a known release; package and download_url are empty when the site is not entitled, and upgrade_notice says what to do. Signed like the licence check.',
    headers: SIGNATURE_HEADERS,
  })
  @ApiNotFoundResponse({ description: 'Product not found' })
  async info(
    @Param('kind', kinds) kind: ReleaseKind,
    @Param('product') product: string,
    @Query('site') site: string | undefined,
    @Query('license_key') licenseKey: string | undefined,
    @Query('domain') domain: string | undefined,
    @Req() req: AppRequest,
    @Res() res: Response,
  ) {
    const code = presentedCode({ authorization: req.headers.authorization, query: licenseKey });
    const installs = this.installs.enabled ? this.installs : null;
    const body = await this.downloads.metadata(
      kind,
      product,
      // `domain` is what the earlier sample sent; `site` is the documented argument.
      {
        code,
        site: typeof site === 'string' ? site : typeof domain === 'string' ? domain : undefined,
      },
      this.origin(req),
      installs
        ? (checked) =>
            installs.fromUpdateCheck(kind, product, req.query, req.headers['user-agent'], checked)
        : undefined,
    );
    this.metrics.updateCheck(kind, Boolean(body.package));
    const bytes = Buffer.from(JSON.stringify(body));
    res.set({
      'Content-Type': 'application/json; charset=utf-8',
      ...this.signing.headersFor(bytes),
    });
    res.send(bytes);
  }

  @Public()
  @Get(':kind/:product/release')
  @ApiOperation({
    summary:
      "The product's current release for the console's downloads block: version, requirements and changelog (Markdown); no file or link",
  })
  @ApiParam({ name: 'kind', enum: ['plugins', 'themes'] })
  @ApiOkResponse({ type: CurrentReleaseDto })
  @ApiNotFoundResponse({ description: 'Product not found' })
  async currentRelease(
    @Param('kind', kinds) kind: ReleaseKind,
    @Param('product') product: string,
  ): Promise<CurrentReleaseDto> {
    return this.downloads.summary(await this.downloads.release(kind, product));
  }

  @Public()
  @Get(':kind/:product/details')
  @ApiOperation({
    summary:
      'The release as a plain HTML page (changelog), frameable by any site: the details_url WordPress opens in its popup',
  })
  @ApiParam({ name: 'kind', enum: ['plugins', 'themes'] })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ description: 'Product not found' })
  async details(
    @Param('kind', kinds) kind: ReleaseKind,
    @Param('product') product: string,
    @Res() res: Response,
  ) {
    const details = this.downloads.details(await this.downloads.release(kind, product));
    // wp-admin shows this page in an iframe on the customer's own domain: any ancestor may frame it.
    // The page has no script and loads nothing from elsewhere.
    res.removeHeader('X-Frame-Options');
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors *; base-uri 'none'; form-action 'none'",
    );
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('html').send(detailsPageHtml(details));
  }
}
