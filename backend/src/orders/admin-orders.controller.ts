import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Logger, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pageLanguage } from '../dev-idp/dev-idp.texts';
import { Auth } from '../common/auth.decorator';
import { AdminOrdersService } from './admin-orders.service';
import {
  AdminOrderDetailAnswerDto,
  AdminOrderPageDto,
  AdminOrderQueryDto,
} from './dto/admin-order.dto';

/** All orders for the admin (docs/product.md, back office); the refund is AdminRefundsController's. */
@ApiTags('admin')
@Auth('admin')
@Controller('api/admin/orders')
export class AdminOrdersController {
  private readonly logger = new Logger(AdminOrdersController.name);

  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  @ApiOkResponse({ type: AdminOrderPageDto })
  list(@Query() q: AdminOrderQueryDto): Promise<AdminOrderPageDto> {
    return this.orders.list(q);
  }

  /**
   * The filtered orders as CSV (docs/product.md, "Orders CSV export"), streamed: a batch is read only when
   * the client has taken the previous one (backpressure), and a client that goes away stops the reading.
   * Declared before `:orderId`, which would take `export.csv` for an order number.
   */
  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'UTF-8 CSV with a byte-order mark; amounts in yuan',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  async exportCsv(
    @Query() q: AdminOrderQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const language = pageLanguage(req.headers.cookie, req.headers['accept-language']);
    const { fileName, chunks } = await this.orders.exportCsv(q, language);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await pipeline(Readable.from(chunks, { objectMode: false, highWaterMark: 1 }), res);
    } catch (e) {
      // The client went away, or the database failed mid-file: the answer is cut short (its status is sent).
      if ((e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
        this.logger.warn(`orders export stopped: ${(e as Error).message}`);
    }
  }

  @Get(':orderId')
  @ApiOkResponse({ type: AdminOrderDetailAnswerDto })
  detail(@Param('orderId') orderId: string): Promise<AdminOrderDetailAnswerDto> {
    return this.orders.detail(orderId);
  }
}
