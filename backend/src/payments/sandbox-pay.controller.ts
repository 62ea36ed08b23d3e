import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Language } from '@seatkeeper/domain';
import type { Request, Response } from 'express';
import { Public } from '../common/auth.decorator';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OrdersService } from '../orders/orders.service';
import {
  PAYMENT_GATEWAYS,
  receiptPath,
  yuan,
  type PaymentGateways,
} from './gateways/payment-gateway';
import type { SandboxGateway } from './gateways/sandbox.gateway';
import { SANDBOX_PAGE_TEXTS, sandboxPageLanguage, sandboxPayLabel } from './sandbox-pay.texts';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(language: Language, title: string, body: string) {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);width:min(380px,90vw);box-sizing:border-box}
h1{font-size:20px;margin:0 0 16px} dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px} dt{color:#495057}
dd{margin:0;font-weight:600;overflow-wrap:anywhere} button,.back{display:block;box-sizing:border-box;width:100%;padding:12px;border:0;border-radius:6px;background:#1971c2;color:#fff;font-size:16px;cursor:pointer;text-align:center;text-decoration:none;min-height:48px;line-height:24px}
.back:focus-visible,button:focus-visible{outline:3px solid #74c0fc;outline-offset:2px}
.note{color:#495057;font-size:13px;margin-top:16px}</style></head><body><main>${body}</main></body></html>`;
}

/** The link back to the console every end page carries: the order's receipt (or the orders, for none). */
const backLink = (href: string, text: string) =>
  `<p><a class="back" href="${escape(href)}">${escape(text)}</a></p>`;

/** A page that ends the payment: its heading, a line saying what happened, and the way back. */
function endPage(language: Language, title: string, note: string, back: string) {
  return page(
    language,
    title,
    `<h1>${escape(title)}</h1>${note ? `<p>${escape(note)}</p>` : ''}${back}`,
  );
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
  async show(@Param('orderId') orderId: string, @Req() req: Request, @Res() res: Response) {
    const language = this.languageOf(req);
    const t = SANDBOX_PAGE_TEXTS[language];
    const order = await this.orders.findByOrderId(orderId);
    if (!order) return this.notFound(res, language);
    const payable = order.status === 'pending';
    const amount = `¥${yuan(order.amount)}`;
    res.type('html').send(
      page(
        language,
        t.title,
        `<h1>${escape(t.heading)}</h1><dl><dt>${escape(t.product)}</dt><dd>${escape(order.productName)}</dd><dt>${escape(t.amount)}</dt><dd>${amount}</dd>
<dt>${escape(t.orderNumber)}</dt><dd>${escape(order.orderId)}</dd><dt>${escape(t.status)}</dt><dd>${escape(t.statuses[order.status] ?? order.status)}</dd></dl>
${
  payable
    ? `<form method="post" action="/sandbox-pay/${encodeURIComponent(order.orderId)}/pay"><button type="submit">${escape(sandboxPayLabel(language, amount))}</button></form>`
    : backLink(receiptPath(order.orderId), t.toReceipt)
}
<p class="note">${escape(t.note)}</p>`,
      ),
    );
  }

  /** Pays: a signed notification posted to the app's own notify endpoint, as a gateway would. */
  @Post(':orderId/pay')
  async pay(@Param('orderId') orderId: string, @Req() req: Request, @Res() res: Response) {
    const language = this.languageOf(req);
    const t = SANDBOX_PAGE_TEXTS[language];
    const order = await this.orders.findByOrderId(orderId);
    if (!order) return this.notFound(res, language);
    const back = backLink(receiptPath(order.orderId), t.toReceipt);
    // Like a closed trade at a real gateway: only a pending order can be paid here.
    if (order.status !== 'pending') {
      const status = t.statuses[order.status] ?? order.status;
      return res
        .status(409)
        .type('html')
        .send(endPage(language, t.notPayableTitle, status, back));
    }
    if (order.paymentGateway !== 'sandbox') {
      return res
        .status(409)
        .type('html')
        .send(endPage(language, t.notPayableTitle, t.notPayableHere, back));
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
        ok
          ? endPage(language, t.paidTitle, t.paidNote, back)
          : endPage(language, t.failedTitle, t.failedNote, back),
      );
  }

  private languageOf(req: Request): Language {
    return sandboxPageLanguage(req.headers.cookie, req.headers['accept-language']);
  }

  /** No such order: nothing to pay, and the way back is the customer's orders. */
  private notFound(res: Response, language: Language) {
    const t = SANDBOX_PAGE_TEXTS[language];
    return res
      .status(404)
      .type('html')
      .send(endPage(language, t.notFoundTitle, '', backLink('/orders', t.toOrders)));
  }
}
