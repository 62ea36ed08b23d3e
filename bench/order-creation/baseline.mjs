// Baseline for POST /api/payments/create: a bare node:http + pg server doing the one write an order needs,
// a single INSERT into the same orders table (same indexes and constraints, autocommit), for customers
// taken in turn from USER_IDS, answering the same fields (order number, pending, QR URL, amount). Its rows
// carry payment_gateway 'bench-baseline' so they are told apart from the app's. No session, no price
// rules, no framework.
import { randomUUID } from 'node:crypto';
import { serveBare } from '../lib/bare-server.mjs';

const users = (process.env.USER_IDS ?? '').split(',');
const PLANS = { basic: ['Basic', 69900, 1], pro: ['Pro', 169900, 5], ultra: ['Max', 998000, 10] };
let n = 0;

serveBare({
  'POST /orders': async ({ req, body, pool }) => {
    const plan = PLANS[body.subscriptionTier];
    if (!plan) return [400, { message: 'not available now' }];
    const i = n++;
    // The app's format (SK + UTC to the millisecond + 9 digits), a counter for the digits: unique within a run.
    const stamp = new Date().toISOString().replace(/[-:T.Z]/g, '');
    const orderId = `BL${stamp}${String(i % 1_000_000_000).padStart(9, '0')}`;
    const productName = `${plan[0]} 套餐`;
    await pool.query(
      `insert into orders (id, order_id, user_id, product_type, product_name, subscription_tier, seat_count, list_price, discount_amount, amount, payment_gateway)
       values ($1, $2, $3, 'permanent', $4, $5, $6, $7, 0, $7, 'bench-baseline')`,
      [
        randomUUID(),
        orderId,
        users[i % users.length],
        productName,
        body.subscriptionTier,
        plan[2],
        plan[1],
      ],
    );
    const qrImage = `http://${req.headers.host}/sandbox-pay/${encodeURIComponent(orderId)}`;
    return [
      200,
      {
        orderId,
        productName,
        amount: plan[1],
        expiresIn: 1800,
        upgradePricing: null,
        status: 'pending',
        qrImage,
      },
    ];
  },
});
