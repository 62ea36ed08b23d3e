import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { User } from '../users/user.entity';
import { Discount } from './discount.entity';
import { DiscountRepository } from './discount.repository';
import { DiscountError, DiscountErrorCode } from './discount-errors';
import { codeKey, refusalOf, termsOfInput, type DiscountLike } from './discount-rules';
import {
  DiscountDto,
  type CheckDiscountDto,
  type DiscountCheckDto,
  type DiscountCheckReason,
  type SaveDiscountDto,
} from './dto/discount.dto';
import { isUuid } from '../common/query';
import { UsersService } from '../users/users.service';
import type { TakeUseOutcome, UseHolder } from './discount.repository';

@Injectable()
export class DiscountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly repo: DiscountRepository,
    private readonly users: UsersService,
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
      ...termsOfInput(dto),
      code: dto.code.trim(),
      codeKey: codeKey(dto.code),
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
   * Whether the customer already holds a use of this once-per-customer code (an order pending, paid or
   * refunded with it, other than `exceptOrders`), in the caller's transaction. False for other codes.
   */
  async heldOnce(
    em: EntityManager,
    discount: Discount | DiscountLike,
    userId: string,
    exceptOrders: readonly string[] = [],
  ): Promise<boolean> {
    if (!discount.oncePerCustomer || !('id' in discount)) return false;
    return this.repo.heldBy(em, String(discount.id), userId, exceptOrders);
  }

  /**
   * Takes one use of a code for an order in the caller's transaction, never past its limit (a guarded
   * update, so concurrent takers cannot both pass the last use), and for a once-per-customer code never a
   * second one for the same customer (a unique index). 'used-up' also when the code is gone.
   */
  takeUse(em: EntityManager, key: string, holder: UseHolder): Promise<TakeUseOutcome> {
    return this.repo.takeUse(em, key, holder);
  }

  /** Gives back the use an order took (it ended unpaid), in the caller's transaction. */
  releaseUse(em: EntityManager, key: string, orderId?: string): Promise<void> {
    return this.repo.releaseUse(em, key, orderId);
  }

  /**
   * The admin's check (docs/rules.md, "Discount codes"): would the code be accepted for this plan now
   * (and, given an e-mail, for that customer), and if not the precise reason customers are not told.
   */
  async check(dto: CheckDiscountDto): Promise<DiscountCheckDto> {
    const em = this.em.fork();
    const discount = await this.repo.findByCode(em, dto.code);
    let reason: DiscountCheckReason | null = refusalOf(discount, dto.tier);
    let customerFound: boolean | null = null;
    if (dto.email) {
      const customer = await this.users.findByEmail(dto.email);
      customerFound = Boolean(customer);
      if (!reason && customer && discount && (await this.heldOnce(em, discount, customer.id)))
        reason = DiscountErrorCode.DISCOUNT_ALREADY_USED;
    }
    return {
      valid: reason === null,
      reason,
      discount: discount ? DiscountDto.from(discount) : null,
      customerFound,
    };
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
