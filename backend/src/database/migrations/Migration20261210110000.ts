import { Migration } from '@mikro-orm/migrations';

/**
 * The English sentences stored before, to their codes (exported: the integration test runs them on rows
 * written as the old code wrote them).
 */
export const END_REASON_CODES_BACKFILL: string[] = [
  `update "orders" set "failure_reason" = 'replaced_by_order:' || substr("failure_reason", 19)
    where "failure_reason" like 'replaced by order %';`,
  `update "orders" set "failure_reason" = 'gateway_refused:' || ltrim(substr("failure_reason", 9))
    where "failure_reason" like 'gateway:%';`,
  `update "orders" set "failure_reason" = case "failure_reason"
      when 'replaced by a newer order' then 'replaced_by_newer_order'
      when 'cancelled by the customer' then 'cancelled_by_customer'
      when 'account closed' then 'account_closed'
      when 'QR code expired' then 'qr_expired'
    end
    where "failure_reason" in ('replaced by a newer order', 'cancelled by the customer', 'account closed', 'QR code expired');`,
];

/**
 * Why an order ended is stored as a code (backend/src/orders/order-end-reason.ts), shown in the reader's
 * language: the English sentences stored before become their codes, the parameters kept (the replacing
 * order's number, the gateway's message). A text that matches none is left as it is (shown as written).
 */
export class Migration20261210110000 extends Migration {
  override async up(): Promise<void> {
    for (const sql of END_REASON_CODES_BACKFILL) this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql(`update "orders" set "failure_reason" = 'replaced by order ' || substr("failure_reason", 19)
      where "failure_reason" like 'replaced\\_by\\_order:%';`);
    this.addSql(`update "orders" set "failure_reason" = 'gateway: ' || substr("failure_reason", 17)
      where "failure_reason" like 'gateway\\_refused:%';`);
    this.addSql(`update "orders" set "failure_reason" = case "failure_reason"
        when 'replaced_by_newer_order' then 'replaced by a newer order'
        when 'cancelled_by_customer' then 'cancelled by the customer'
        when 'account_closed' then 'account closed'
        when 'qr_expired' then 'QR code expired'
      end
      where "failure_reason" in ('replaced_by_newer_order', 'cancelled_by_customer', 'account_closed', 'qr_expired');`);
  }
}
