import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
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
  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  @ApiOkResponse({ type: AdminOrderPageDto })
  list(@Query() q: AdminOrderQueryDto): Promise<AdminOrderPageDto> {
    return this.orders.list(q);
  }

  @Get(':orderId')
  @ApiOkResponse({ type: AdminOrderDetailAnswerDto })
  detail(@Param('orderId') orderId: string): Promise<AdminOrderDetailAnswerDto> {
    return this.orders.detail(orderId);
  }
}
