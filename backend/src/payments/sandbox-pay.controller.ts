import { Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/auth.decorator';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OrdersService } from '../orders/orders.service';
import { PAYMENT_GATEWAYS, yuan, type PaymentGateways } from './gateways/payment-gateway';
import type { SandboxGateway } from './gateways/sandbox.gateway';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);width:min(380px,90vw)}
h1{font-size:20px;margin:0 0 16px} dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px} dt{color:#495057}
dd{margin:0;font-weight:600} button{width:100%;padding:12px;border:0;border-radius:6px;background:#1971c2;color:#fff;font-size:16px;cursor:pointer}
.note{color:#495057;font-size:13px;margin-top:16px}</style></head><body><main>${body}</main></body></html>`;
}

/** The sandbox gateway's payment page: what the QR code opens while no real gateway is configured. */
@ApiExcludeController()
@Public()
@Controller('sandbox-pay')
export class SandboxPayController {
  constructor(
    private readonly orders: OrdersService,
    @Inject(PAYMENT_GATEWAYS) private readonly gateways: PaymentGateways,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':orderId')
  async show(@Param('orderId') orderId: string, @Res() res: Response) {
    const order = await this.orders.findByOrderId(orderId);
    if (!order) return res.status(404).type('html').send(page('订单不存在', '<h1>订单不存在</h1>'));
    const payable = order.status === 'pending';
    res.type('html').send(
      page(
        '沙箱支付',
        `<h1>沙箱支付 Sandbox payment</h1><dl><dt>商品</dt><dd>${escape(order.productName)}</dd><dt>金额</dt><dd>¥${yuan(order.amount)}</dd>
<dt>订单号</dt><dd>${escape(order.orderId)}</dd><dt>状态</dt><dd>${escape(order.status)}</dd></dl>
${payable ? `<form method="post" action="/sandbox-pay/${encodeURIComponent(order.orderId)}/pay"><button type="submit">pay ¥${yuan(order.amount)}</button></form>` : ''}
<p class="note">Development gateway: no money moves. The button sends the same signed notification a real gateway sends.</p>`,
      ),
    );
  }

  /** Pays: a signed notification posted to the app's own notify endpoint, as a gateway would. */
  @Post(':orderId/pay')
  async pay(@Param('orderId') orderId: string, @Res() res: Response) {
    const order = await this.orders.findByOrderId(orderId);
    if (!order) return res.status(404).type('html').send(page('订单不存在', '<h1>订单不存在</h1>'));
    // Like a closed trade at a real gateway: only a pending order can be paid here.
    if (order.status !== 'pending') {
      return res
        .status(409)
        .type('html')
        .send(
          page(
            '订单不可支付',
            `<h1>订单不可支付 This order cannot be paid</h1><p>${escape(order.status)}</p>`,
          ),
        );
    }
    if (order.paymentGateway !== 'sandbox') {
      return res
        .status(409)
        .type('html')
        .send(page('订单不可支付', '<h1>订单不可支付 This order cannot be paid here</h1>'));
    }
    const sandbox = this.gateways.get('sandbox') as SandboxGateway;
    const notification = sandbox.notification(order.orderId, order.amount);
    const answer = await fetch(`http://127.0.0.1:${this.config.port}/api/payments/notify/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(notification).toString(),
    });
    const ok = answer.ok && (await answer.text()) === 'success';
    res
      .status(ok ? 200 : 502)
      .type('html')
      .send(
        page(
          ok ? '支付成功' : '支付失败',
          ok
            ? '<h1>支付成功 Payment complete</h1><p>You can close this page.</p>'
            : '<h1>支付失败</h1>',
        ),
      );
  }
}
