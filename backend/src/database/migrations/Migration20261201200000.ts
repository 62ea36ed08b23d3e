import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's roll-ups (docs/architecture.md, "The dashboard's roll-ups"; definitions in docs/product.md,
 * back office), kept by triggers on orders, licences and users in the same transaction as each change, so
 * the dashboard reads a few hundred summed rows instead of every sale and seat, and stays exact.
 *
 * - dashboard_settings: the time zone the days are in (SELLER_TIME_ZONE; null until the app has built them;
 *   the app rebuilds everything when it starts with another zone: dashboard_prepare).
 * - dashboard_days: change rows (appended, never updated, so concurrent writers never wait on each other)
 *   per seller's day: sales and their amounts by plan and gateway (by payment day), refunds (by refund day),
 *   sign-ups (by creation day), seats sold and seats of those bound now (by purchase day, internal orders
 *   aside). Summed by the reader; folded by dashboard_compact (rows of one key into one; days older than
 *   the cutoff into day null, which only all-time sums read).
 * - dashboard_customer_days: each customer's days with sales (state, one row per customer and day), and
 *   dashboard_customer_gaps: per day, the customers' sale-days by how many days since the same customer's
 *   previous sale-day (null: the first ever; capped at 30). Distinct paying customers in days [a, b] = the
 *   sale-days in [a, b] whose gap is null or more than (day - a): they add up over days where a plain
 *   daily count of customers would not.
 * - dashboard_internal_orders: the ids of internal orders (VIP grants, Max's growth) whose seats are not
 *   sold; kept after the order is deleted so a cascade deleting its seats later still knows them.
 */
export class Migration20261201200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "dashboard_settings" ("id" smallint not null default 1 check ("id" = 1), "time_zone" text null, constraint "dashboard_settings_pkey" primary key ("id"));`);
    this.addSql(`insert into "dashboard_settings" ("id", "time_zone") values (1, null);`);
    this.addSql(`create table "dashboard_days" ("day" date null, "tier" text not null default '', "gateway" text not null default '', "sales" int not null default 0, "paid" bigint not null default 0, "refunds" int not null default 0, "refunded" bigint not null default 0, "sign_ups" int not null default 0, "seats_sold" int not null default 0, "seats_bound" int not null default 0);`);
    this.addSql(`create index "dashboard_days_day_index" on "dashboard_days" ("day");`);
    this.addSql(`create table "dashboard_customer_days" ("user_id" uuid not null, "day" date not null, "sales" int not null, constraint "dashboard_customer_days_pkey" primary key ("user_id", "day"));`);
    this.addSql(`create table "dashboard_customer_gaps" ("day" date null, "gap" smallint null, "customers" int not null);`);
    this.addSql(`create index "dashboard_customer_gaps_day_index" on "dashboard_customer_gaps" ("day");`);
    this.addSql(`create table "dashboard_internal_orders" ("id" uuid not null, constraint "dashboard_internal_orders_pkey" primary key ("id"));`);

    // A customer's sale-days changed by `deltas` sales: their days and gaps, one customer at a time (the
    // gaps read the customer's other days: a transaction-scoped lock per customer, taken in one order; a
    // statement changing many customers, such as a bulk import, locks the table instead of filling the
    // lock table).
    this.addSql(`create function "dashboard_customers_changed"(users uuid[], days date[], deltas int[]) returns void language plpgsql as $$
begin
  if (select count(distinct u) from unnest(users) u) > 64 then
    lock table dashboard_customer_days in exclusive mode;
  else
    perform pg_advisory_xact_lock(1684107117, hashtext(u::text))
      from (select distinct u from unnest(users) u order by 1) x;
  end if;
  with ch as (
    select t.u as user_id, t.d as day, sum(t.x)::int as delta
    from unnest(users, days, deltas) t(u, d, x) group by 1, 2 having sum(t.x) <> 0),
  old as (
    select c.user_id, c.day, c.sales from dashboard_customer_days c
    where c.user_id in (select ch.user_id from ch)),
  new as (
    select user_id, day, coalesce(old.sales, 0) + coalesce(ch.delta, 0) as sales
    from old full join ch using (user_id, day)),
  kept as (
    insert into dashboard_customer_days (user_id, day, sales)
    select user_id, day, sales from new where sales > 0
    on conflict (user_id, day) do update set sales = excluded.sales returning 1),
  gone as (
    delete from dashboard_customer_days c using new
    where new.sales <= 0 and c.user_id = new.user_id and c.day = new.day returning 1),
  gaps as (
    select day, case when prev is null then null else least(day - prev, 30) end::smallint as gap, n
    from (select day, lag(day) over (partition by user_id order by day) as prev, -1 as n
          from old where sales > 0) o
    union all
    select day, case when prev is null then null else least(day - prev, 30) end::smallint, n
    from (select day, lag(day) over (partition by user_id order by day) as prev, 1 as n
          from new where sales > 0) n)
  insert into dashboard_customer_gaps (day, gap, customers)
  select day, gap, sum(n) from gaps group by day, gap having sum(n) <> 0;
end $$;`);

    // Orders: sales by payment day, plan and gateway; refunds by refund day; the customers' sale-days;
    // internal orders (and the seats of an order that became or stopped being internal).
    this.addSql(`create function "dashboard_orders_changed"(olds orders[], news orders[]) returns void language plpgsql as $$
declare
  z text := (select time_zone from dashboard_settings where id = 1);
begin
  if z is null then return; end if;
  insert into dashboard_internal_orders (id)
    select n.id from unnest(news) n where n.payment_gateway = 'internal' on conflict do nothing;
  with r as (
    select 1 as sign, n.* from unnest(news) n union all select -1, o.* from unnest(olds) o),
  f as (
    select (r.paid_at at time zone z)::date as day, r.subscription_tier as tier, r.payment_gateway as gateway,
           r.sign as sales, r.sign * r.amount::bigint as paid, 0 as refunds, 0::bigint as refunded
    from r where r.status in ('paid', 'refunded') and r.payment_gateway <> 'internal' and r.paid_at is not null
    union all
    select (r.refunded_at at time zone z)::date, '', '', 0, 0, r.sign, r.sign * r.amount::bigint
    from r where r.status = 'refunded' and r.refunded_at is not null)
  insert into dashboard_days (day, tier, gateway, sales, paid, refunds, refunded)
  select day, tier, gateway, sum(sales), sum(paid), sum(refunds), sum(refunded) from f
  group by day, tier, gateway
  having sum(sales) <> 0 or sum(paid) <> 0 or sum(refunds) <> 0 or sum(refunded) <> 0;
  perform dashboard_customers_changed(array_agg(r.user_id), array_agg(r.day), array_agg(r.sign))
  from (select n.user_id, (n.paid_at at time zone z)::date as day, 1 as sign from unnest(news) n
        where n.status in ('paid', 'refunded') and n.payment_gateway <> 'internal' and n.paid_at is not null
        union all
        select o.user_id, (o.paid_at at time zone z)::date, -1 from unnest(olds) o
        where o.status in ('paid', 'refunded') and o.payment_gateway <> 'internal' and o.paid_at is not null) r
  having count(*) > 0;
  -- An order that became internal (or stopped being internal): its seats leave (or join) the seats sold.
  with flipped as (
    select n.id, case when n.payment_gateway = 'internal' then -1 else 1 end as sign
    from unnest(news) n join unnest(olds) o on o.id = n.id
    where (n.payment_gateway = 'internal') <> (o.payment_gateway = 'internal')),
  dropped as (
    delete from dashboard_internal_orders i using flipped f where f.sign = 1 and i.id = f.id returning 1)
  insert into dashboard_days (day, seats_sold, seats_bound)
  select (l.purchased_at at time zone z)::date, sum(f.sign),
         coalesce(sum(f.sign) filter (where l.website_url is not null and l.revoked_at is null), 0)
  from flipped f join licenses l on l.order_id = f.id
  group by 1;
end $$;`);

    // Licences: seats sold by purchase day (not those of internal orders), and of those the ones bound now.
    this.addSql(`create function "dashboard_seats_changed"(olds licenses[], news licenses[]) returns void language plpgsql as $$
declare
  z text := (select time_zone from dashboard_settings where id = 1);
begin
  if z is null then return; end if;
  insert into dashboard_days (day, seats_sold, seats_bound)
  select day, sum(sign), sum(sign * bound) from (
    select 1 as sign, (n.purchased_at at time zone z)::date as day,
           (n.website_url is not null and n.revoked_at is null)::int as bound, n.order_id
    from unnest(news) n
    union all
    select -1, (o.purchased_at at time zone z)::date,
           (o.website_url is not null and o.revoked_at is null)::int, o.order_id
    from unnest(olds) o) r
  where r.order_id is null or not exists (select 1 from dashboard_internal_orders i where i.id = r.order_id)
  group by day having sum(sign) <> 0 or sum(sign * bound) <> 0;
end $$;`);

    // Users: sign-ups by creation day.
    this.addSql(`create function "dashboard_users_changed"(olds users[], news users[]) returns void language plpgsql as $$
declare
  z text := (select time_zone from dashboard_settings where id = 1);
begin
  if z is null then return; end if;
  insert into dashboard_days (day, sign_ups)
  select day, sum(sign) from (
    select 1 as sign, (n.created_at at time zone z)::date as day from unnest(news) n
    union all
    select -1, (o.created_at at time zone z)::date from unnest(olds) o) r
  group by day having sum(sign) <> 0;
end $$;`);

    // One statement-level trigger per table and event (transition tables take one event each).
    for (const [table, type] of [
      ['orders', 'orders'],
      ['licenses', 'seats'],
      ['users', 'users'],
    ]) {
      this.addSql(`create function "dashboard_${type}_trigger"() returns trigger language plpgsql as $$
declare
  olds ${table}[] := '{}';
  news ${table}[] := '{}';
begin
  if TG_OP <> 'INSERT' then olds := array(select o from old_rows o); end if;
  if TG_OP <> 'DELETE' then news := array(select n from new_rows n); end if;
  perform dashboard_${type}_changed(olds, news);
  return null;
end $$;`);
      this.addSql(`create trigger "dashboard_${table}_insert" after insert on "${table}" referencing new table as new_rows for each statement execute function dashboard_${type}_trigger();`);
      this.addSql(`create trigger "dashboard_${table}_update" after update on "${table}" referencing old table as old_rows new table as new_rows for each statement execute function dashboard_${type}_trigger();`);
      this.addSql(`create trigger "dashboard_${table}_delete" after delete on "${table}" referencing old table as old_rows for each statement execute function dashboard_${type}_trigger();`);
    }

    // Everything again from the tables, in the days of zone `tz` (writers wait meanwhile).
    this.addSql(`create function "dashboard_rebuild"(tz text) returns void language plpgsql as $$
begin
  lock table users, orders, licenses in share mode;
  update dashboard_settings set time_zone = tz where id = 1;
  delete from dashboard_days;
  delete from dashboard_customer_days;
  delete from dashboard_customer_gaps;
  delete from dashboard_internal_orders;
  insert into dashboard_internal_orders (id) select id from orders where payment_gateway = 'internal';
  insert into dashboard_days (day, tier, gateway, sales, paid)
  select (paid_at at time zone tz)::date, subscription_tier, payment_gateway, count(*), sum(amount)
  from orders where status in ('paid', 'refunded') and payment_gateway <> 'internal' and paid_at is not null
  group by 1, 2, 3;
  insert into dashboard_days (day, refunds, refunded)
  select (refunded_at at time zone tz)::date, count(*), sum(amount)
  from orders where status = 'refunded' and refunded_at is not null group by 1;
  insert into dashboard_days (day, sign_ups)
  select (created_at at time zone tz)::date, count(*) from users group by 1;
  insert into dashboard_days (day, seats_sold, seats_bound)
  select (l.purchased_at at time zone tz)::date, count(*),
         count(*) filter (where l.website_url is not null and l.revoked_at is null)
  from licenses l
  where l.order_id is null or not exists (select 1 from dashboard_internal_orders i where i.id = l.order_id)
  group by 1;
  insert into dashboard_customer_days (user_id, day, sales)
  select user_id, (paid_at at time zone tz)::date, count(*)
  from orders where status in ('paid', 'refunded') and payment_gateway <> 'internal' and paid_at is not null
  group by 1, 2;
  insert into dashboard_customer_gaps (day, gap, customers)
  select day, case when prev is null then null else least(day - prev, 30) end::smallint, count(*)
  from (select day, lag(day) over (partition by user_id order by day) as prev from dashboard_customer_days) c
  group by 1, 2;
end $$;`);

    // At start: the days in zone tz, rebuilt when they were built in another (one instance at a time).
    this.addSql(`create function "dashboard_prepare"(tz text) returns boolean language plpgsql as $$
begin
  perform pg_advisory_xact_lock(1684107116, 0);
  if (select time_zone from dashboard_settings where id = 1) is not distinct from tz then return false; end if;
  perform dashboard_rebuild(tz);
  return true;
end $$;`);

    // Folds the change rows: one row per key, days before \`cutoff\` into day null (all time only).
    this.addSql(`create function "dashboard_compact"(cutoff date) returns void language plpgsql as $$
begin
  if not pg_try_advisory_xact_lock(1684107116, 1) then return; end if;
  with keys as (
    select day, tier, gateway from dashboard_days
    group by day, tier, gateway having count(*) > 1 or day < cutoff),
  gone as (
    delete from dashboard_days d using keys k
    where d.day is not distinct from k.day and d.tier = k.tier and d.gateway = k.gateway returning d.*)
  insert into dashboard_days (day, tier, gateway, sales, paid, refunds, refunded, sign_ups, seats_sold, seats_bound)
  select case when day < cutoff then null else day end, tier, gateway, sum(sales), sum(paid), sum(refunds),
         sum(refunded), sum(sign_ups), sum(seats_sold), sum(seats_bound)
  from gone group by 1, 2, 3
  having sum(sales) <> 0 or sum(paid) <> 0 or sum(refunds) <> 0 or sum(refunded) <> 0 or sum(sign_ups) <> 0
      or sum(seats_sold) <> 0 or sum(seats_bound) <> 0;
  with keys as (
    select day, gap from dashboard_customer_gaps
    group by day, gap having count(*) > 1 or day < cutoff),
  gone as (
    delete from dashboard_customer_gaps g using keys k
    where g.day is not distinct from k.day and g.gap is not distinct from k.gap returning g.*)
  insert into dashboard_customer_gaps (day, gap, customers)
  select case when day < cutoff then null else day end, gap, sum(customers)
  from gone where day >= cutoff or gap is null
  group by 1, 2 having sum(customers) <> 0;
end $$;`);
  }

  override async down(): Promise<void> {
    for (const table of ['orders', 'licenses', 'users'])
      for (const event of ['insert', 'update', 'delete'])
        this.addSql(`drop trigger "dashboard_${table}_${event}" on "${table}";`);
    for (const fn of [
      'dashboard_compact(date)',
      'dashboard_prepare(text)',
      'dashboard_rebuild(text)',
      'dashboard_users_trigger()',
      'dashboard_seats_trigger()',
      'dashboard_orders_trigger()',
      'dashboard_users_changed(users[], users[])',
      'dashboard_seats_changed(licenses[], licenses[])',
      'dashboard_orders_changed(orders[], orders[])',
      'dashboard_customers_changed(uuid[], date[], int[])',
    ])
      this.addSql(`drop function "${fn.replace('(', '"(')};`);
    for (const table of [
      'dashboard_internal_orders',
      'dashboard_customer_gaps',
      'dashboard_customer_days',
      'dashboard_days',
      'dashboard_settings',
    ])
      this.addSql(`drop table "${table}";`);
  }
}
