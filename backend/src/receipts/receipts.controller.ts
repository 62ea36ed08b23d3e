import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { ReceiptAnswerDto } from './dto/receipt.dto';
import { ReceiptsService } from './receipts.service';

@ApiTags('orders')
@Controller('api/orders')
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  /** The receipt of one of the customer's orders (docs/payments.md, "Receipts"). */
  @Auth()
  @Get(':orderId/receipt')
  @ApiOkResponse({ type: ReceiptAnswerDto })
  receipt(@CurrentUser() user: User, @Param('orderId') orderId: string): Promise<ReceiptAnswerDto> {
    return this.receipts.receiptFor(user, orderId);
  }
}
