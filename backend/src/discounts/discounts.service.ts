import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { Discount } from './discount.entity';
import { codeKey, DiscountErrors } from './discount-rules';
import { DiscountDto, type SaveDiscountDto } from './dto/discount.dto';

@Injectable()
export class DiscountsService {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<{ discounts: DiscountDto[] }> {
    const discounts = await this.em.find(Discount, {}, { orderBy: { createdAt: 'desc' } });
    return { discounts: discounts.map(DiscountDto.from) };
  }

  /** Creates, or with an id edits, a discount. Codes are unique regardless of case. */
  async save(dto: SaveDiscountDto): Promise<{ discount: DiscountDto }> {
    const startsAt = dto.startsAt ? new Date(dto.startsAt) : null;
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (startsAt && expiresAt && expiresAt <= startsAt) throw new BadRequestException('expiresAt must be after startsAt');
    const fields = {
      tier: dto.tier,
      code: dto.code.trim(),
      codeKey: codeKey(dto.code),
      discountAmount: dto.discountAmount,
      startsAt,
      expiresAt,
      usageLimit: dto.usageLimit ?? null,
    };
    if (!fields.code) throw new BadRequestException('code is required');
    try {
      let discount: Discount;
      if (dto.id) {
        const found = await this.em.findOne(Discount, { id: dto.id });
        if (!found) throw new NotFoundException('Discount not found');
        discount = this.em.assign(found, fields);
      } else {
        discount = this.em.create(Discount, fields);
      }
      await this.em.flush();
      return { discount: DiscountDto.from(discount) };
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw new BadRequestException(DiscountErrors.duplicate);
      throw e;
    }
  }

  async remove(id: string): Promise<{ success: true }> {
    const deleted = /^[0-9a-f-]{36}$/i.test(id) ? await this.em.nativeDelete(Discount, { id }) : 0;
    if (!deleted) throw new NotFoundException('Discount not found');
    return { success: true };
  }
}
