import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { DiscountListDto, SaveDiscountDto } from './dto/discount.dto';
import { DiscountsService } from './discounts.service';

@ApiTags('admin: discounts')
@Auth('admin')
@Controller('api/subscriptions/admin/subscriptions/discounts')
export class DiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @Get()
  @ApiOkResponse({ type: DiscountListDto })
  list() {
    return this.discounts.list();
  }

  @Post()
  @HttpCode(200)
  save(@CurrentUser() admin: User, @Body() dto: SaveDiscountDto) {
    return this.discounts.save(admin, dto);
  }

  @Delete(':id')
  remove(@CurrentUser() admin: User, @Param('id') id: string) {
    return this.discounts.remove(admin, id);
  }
}
