import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import {
  OrderAnswerDto,
  RefundChainDto,
  RefundChainResultDto,
  RefundOrderDto,
} from '../orders/dto/order.dto';
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

  /** What a refund of this order takes, latest first (the refund-chain rule, docs/rules.md "Refunds"). */
  @Auth('admin')
  @Get(':orderId/refund-chain')
  @ApiOkResponse({ type: RefundChainDto })
  async chain(@Param('orderId') orderId: string): Promise<RefundChainDto> {
    return { orders: await this.refunds.chainOf(orderId) };
  }

  /** Refunds the order and every later upgrade priced against it, from the latest back. */
  @Auth('admin')
  @Post(':orderId/refund-chain')
  @HttpCode(200)
  @ApiOkResponse({ type: RefundChainResultDto })
  refundChain(
    @CurrentUser() admin: User,
    @Param('orderId') orderId: string,
    @Body() dto: RefundOrderDto,
  ): Promise<RefundChainResultDto> {
    return this.refunds.refundChain(admin, orderId, dto.reason);
  }
}
