import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { SuccessDto } from '../common/dto/result.dto';
import type { User } from '../users/user.entity';
import { DiscountListDto, SaveDiscountDto, SavedDiscountDto } from './dto/discount.dto';
import { DiscountsService } from './discounts.service';

@ApiTags('admin: discounts')
@Auth('admin')
@Controller('api/subscriptions/admin/subscriptions/discounts')
export class DiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @Get()
  @ApiOkResponse({ type: DiscountListDto })
  list(): Promise<DiscountListDto> {
    return this.discounts.list();
  }

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: SavedDiscountDto })
  save(@CurrentUser() admin: User, @Body() dto: SaveDiscountDto): Promise<SavedDiscountDto> {
    return this.discounts.save(admin, dto);
  }

  @Delete(':id')
  @ApiOkResponse({ type: SuccessDto })
  remove(@CurrentUser() admin: User, @Param('id') id: string): Promise<SuccessDto> {
    return this.discounts.remove(admin, id);
  }
}
