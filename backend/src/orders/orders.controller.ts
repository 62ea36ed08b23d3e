import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { OrderAnswerDto, OrderListDto } from './dto/order.dto';
import { OrdersService } from './orders.service';

@ApiTags('orders')
@Controller('api/orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Auth()
  @Get()
  @ApiOkResponse({ type: OrderListDto })
  list(@CurrentUser() user: User) {
    return this.orders.list(user);
  }

  @Auth()
  @Get('by-order-id/:orderId')
  @ApiOkResponse({ type: OrderAnswerDto })
  byOrderId(@CurrentUser() user: User, @Param('orderId') orderId: string) {
    return this.orders.byOrderId(user, orderId);
  }
}
