import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { User } from '../users/user.entity';
import { Discount } from './discount.entity';
import { DiscountRepository } from './discount.repository';
import { DiscountError, DiscountErrorCode } from './discount-errors';
import { codeKey, type DiscountLike } from './discount-rules';
import { DiscountDto, type SaveDiscountDto } from './dto/discount.dto';
import { isUuid } from '../common/query';

@Injectable()
export class DiscountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly repo: DiscountRepository,
  ) {}

  async list(): Promise<{ discounts: DiscountDto[] }> {
    const discounts = await this.em.find(Discount, {}, { orderBy: { createdAt: 'desc' } });
    return { discounts: discounts.map(DiscountDto.from) };
  }

  /** Creates, or with an id edits, a discount. Codes are unique regardless of case. */
  async save(admin: User, dto: SaveDiscountDto): Promise<{ discount: DiscountDto }> {
    const startsAt = dto.startsAt ? new Date(dto.startsAt) : null;
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (startsAt && expiresAt && expiresAt <= startsAt)
      throw new DiscountError(DiscountErrorCode.DISCOUNT_DATES_INVALID);
    const fields = {
      tier: dto.tier,
      code: dto.code.trim(),
      codeKey: codeKey(dto.code),
      discountAmount: dto.discountAmount,
      startsAt,
      expiresAt,
      usageLimit: dto.usageLimit ?? null,
    };
    if (!fields.code) throw new DiscountError(DiscountErrorCode.DISCOUNT_CODE_REQUIRED);
    try {
      return await this.em.transactional(async (em) => {
        let discount: Discount;
        let before: DiscountDto | null = null;
        if (dto.id) {
          const found = await em.findOne(Discount, { id: dto.id });
          if (!found) throw new DiscountError(DiscountErrorCode.DISCOUNT_NOT_FOUND);
          before = DiscountDto.from(found);
          discount = em.assign(found, fields);
        } else {
          discount = em.create(Discount, fields);
        }
        await em.flush();
        const after = DiscountDto.from(discount);
        this.audit.record(em, {
          actor: admin.email,
          action: 'discount.save',
          target: after.code,
          before,
          after,
        });
        await em.flush();
        return { discount: after };
      });
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException)
        throw new DiscountError(DiscountErrorCode.DISCOUNT_CODE_TAKEN);
      throw e;
    }
  }

  /** A code's terms as the checkout checks them (discount-rules), in the caller's transaction; null if unknown. */
  termsOf(em: EntityManager, code: string): Promise<DiscountLike | null> {
    return this.repo.findByCode(em, code);
  }

  /**
   * Takes one use of a code in the caller's transaction, never past its limit (a guarded update, so
   * concurrent takers cannot both pass the last use). False when the code is used up or gone.
   */
  takeUse(em: EntityManager, key: string): Promise<boolean> {
    return this.repo.takeUse(em, key);
  }

  /** Gives back a use taken by an order that ended unpaid, in the caller's transaction. */
  releaseUse(em: EntityManager, key: string): Promise<void> {
    return this.repo.releaseUse(em, key);
  }

  async remove(admin: User, id: string): Promise<{ success: true }> {
    await this.em.transactional(async (em) => {
      const found = isUuid(id) ? await em.findOne(Discount, { id }) : null;
      if (!found) throw new DiscountError(DiscountErrorCode.DISCOUNT_NOT_FOUND);
      this.audit.record(em, {
        actor: admin.email,
        action: 'discount.delete',
        target: found.code,
        before: DiscountDto.from(found),
      });
      em.remove(found);
      await em.flush();
    });
    return { success: true };
  }
}
