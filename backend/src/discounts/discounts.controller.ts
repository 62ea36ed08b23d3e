import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
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
  save(@Body() dto: SaveDiscountDto) {
    return this.discounts.save(dto);
  }

  @Delete(':id')
  remove(@Param('id') id: string) {
    return this.discounts.remove(id);
  }
}
