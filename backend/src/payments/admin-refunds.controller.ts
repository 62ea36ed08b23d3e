import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { OrderAnswerDto, RefundOrderDto } from '../orders/dto/order.dto';
import type { User } from '../users/user.entity';
import { RefundsService } from './refunds.service';

@ApiTags('admin')
@Controller('api/admin/orders')
export class AdminRefundsController {
  constructor(private readonly refunds: RefundsService) {}

  /** The whole refund of a paid order through its gateway; idempotent (one refund per order). */
  @Auth('admin')
  @Post(':orderId/refund')
  @HttpCode(200)
  @ApiOkResponse({ type: OrderAnswerDto })
  refund(
    @CurrentUser() admin: User,
    @Param('orderId') orderId: string,
    @Body() dto: RefundOrderDto,
  ): Promise<OrderAnswerDto> {
    return this.refunds.refund(admin, orderId, dto.reason);
  }
}
