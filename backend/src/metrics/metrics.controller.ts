import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth.decorator';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { metricsAccess } from './metrics-access';
import { MetricsService } from './metrics.service';

/**
 * GET /metrics for Prometheus (docs/monitoring.md). Public at the router: the handler applies its own rule
 * (metrics-access.ts): METRICS_TOKEN as a bearer token, else requests made on this machine only.
 */
@ApiTags('monitoring')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  @ApiOperation({
    summary:
      'Prometheus metrics (text format): with METRICS_TOKEN set, as a bearer token; without it, only to requests made on this machine with no forwarding header',
  })
  @ApiBearerAuth()
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'The Prometheus text exposition format 0.0.4',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and was not presented' })
  @ApiNotFoundResponse({
    description: 'METRICS=off, or no METRICS_TOKEN and the request did not come from this machine',
  })
  async metricsText(@Req() req: Request, @Res() res: Response) {
    if (!this.metrics.enabled) throw new CommonError(CommonErrorCode.NOT_FOUND);
    const access = metricsAccess(req, this.config.metrics.token);
    if (access === 'not-found') throw new CommonError(CommonErrorCode.NOT_FOUND);
    if (access === 'unauthorized') {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new CommonError(CommonErrorCode.UNAUTHENTICATED, {
        text: 'The metrics token is required (Authorization: Bearer METRICS_TOKEN)',
      });
    }
    const body = await this.metrics.render();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', this.metrics.contentType);
    res.send(body);
  }
}
