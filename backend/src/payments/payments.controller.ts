import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { AppRequest } from '../common/request';
import { assertHasEmail } from '../users/awaiting-email';
import type { User } from '../users/user.entity';
import {
  CancelledOrderDto,
  CreatePaymentDto,
  PaymentMethodsDto,
  PaymentOrderDto,
  PaymentQuoteDto,
  QuotePaymentDto,
} from './dto/payment.dto';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Controller('api/payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Auth()
  @Post('create')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentOrderDto })
  @ApiTooManyRequestsResponse({
    description:
      'With a discount code: counted with the quotes (PAYMENT_RATE_LIMITED, Retry-After; docs/payments.md)',
  })
  create(
    @CurrentUser() user: User,
    @Body() dto: CreatePaymentDto,
    @Req() req: AppRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PaymentOrderDto> {
    assertHasEmail(user); // a WeChat-only account proves an address first (docs/sign-in.md)
    const mobile =
      dto.mobile ??
      /Mobi|Android|iPhone|iPad|HarmonyOS|MicroMessenger/i.test(req.get('user-agent') ?? '');
    return this.payments.create(user, dto, {
      origin: `${req.protocol}://${req.get('host')}`,
      clientIp: req.ip ?? '127.0.0.1',
      mobile,
      res,
    });
  }

  /** What an order would cost, without creating it or taking a discount use. */
  @Auth()
  @Post('quote')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentQuoteDto })
  @ApiTooManyRequestsResponse({
    description:
      'More than 30 a minute for this customer or 60 for this client address by default (PAYMENT_RATE_LIMITED, Retry-After; docs/payments.md)',
  })
  quote(
    @CurrentUser() user: User,
    @Body() dto: QuotePaymentDto,
    @Req() req: AppRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PaymentQuoteDto> {
    assertHasEmail(user);
    return this.payments.quote(user, dto, { clientIp: req.ip ?? '127.0.0.1', res });
  }

  @Auth()
  @Post(':orderId/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: CancelledOrderDto })
  cancel(@CurrentUser() user: User, @Param('orderId') orderId: string): Promise<CancelledOrderDto> {
    return this.payments.cancel(user, orderId);
  }

  /** The enabled payment methods with their display names (public: the pricing page shows them too). */
  @Public()
  @Get('methods')
  @ApiOkResponse({ type: PaymentMethodsDto })
  methods(): PaymentMethodsDto {
    return this.payments.methods();
  }

  /**
   * A gateway's asynchronous notification (Alipay: a form; WeChat Pay: signed JSON, verified over the raw
   * body), answered as that gateway expects.
   */
  @Public()
  @Post('notify/:gateway')
  @ApiExcludeEndpoint()
  async notify(@Param('gateway') gateway: string, @Req() req: AppRequest, @Res() res: Response) {
    const body =
      req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const form = Object.fromEntries(
      Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const answer = await this.payments.handleNotification(gateway, {
      headers: req.headers,
      rawBody: (req as AppRequest & { rawBody?: string }).rawBody ?? '',
      form,
    });
    res.status(answer.status).type(answer.contentType).send(answer.body);
  }
}
