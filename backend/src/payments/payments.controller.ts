import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { AppRequest } from '../common/request';
import type { User } from '../users/user.entity';
import { CancelledOrderDto, CreatePaymentDto, PaymentOrderDto } from './dto/payment.dto';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Controller('api/payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Auth()
  @Post('create')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentOrderDto })
  create(
    @CurrentUser() user: User,
    @Body() dto: CreatePaymentDto,
    @Req() req: AppRequest,
  ): Promise<PaymentOrderDto> {
    return this.payments.create(user, dto, `${req.protocol}://${req.get('host')}`);
  }

  @Auth()
  @Post(':orderId/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: CancelledOrderDto })
  cancel(@CurrentUser() user: User, @Param('orderId') orderId: string): Promise<CancelledOrderDto> {
    return this.payments.cancel(user, orderId);
  }

  /** The gateway's asynchronous notification (form-encoded), answered with the text it expects. */
  @Public()
  @Post('notify/:gateway')
  @ApiExcludeEndpoint()
  async notify(@Param('gateway') gateway: string, @Req() req: AppRequest, @Res() res: Response) {
    const body = (req.body ?? {}) as Record<string, string>;
    const answer = await this.payments.handleNotification(gateway, body);
    res
      .status(answer.ok ? 200 : answer.retry ? 503 : 400)
      .type('text/plain')
      .send(answer.text);
  }
}
