import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { SuccessDto } from '../common/dto/result.dto';
import type { User } from '../users/user.entity';
import {
  CheckDiscountDto,
  DiscountCheckDto,
  DiscountListDto,
  SaveDiscountDto,
  SavedDiscountDto,
} from './dto/discount.dto';
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

  /**
   * Would this code be accepted for this plan (and this customer's e-mail) now, and if not the precise
   * reason (customers get one answer for several of them: docs/rules.md, "Discount codes").
   */
  @Post('check')
  @HttpCode(200)
  @ApiOkResponse({ type: DiscountCheckDto })
  check(@Body() dto: CheckDiscountDto): Promise<DiscountCheckDto> {
    return this.discounts.check(dto);
  }

  @Delete(':id')
  @ApiOkResponse({ type: SuccessDto })
  remove(@CurrentUser() admin: User, @Param('id') id: string): Promise<SuccessDto> {
    return this.discounts.remove(admin, id);
  }
}
