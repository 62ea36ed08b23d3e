import { centsToYuanText } from '@seatkeeper/domain';
import {
  CSV_COLUMNS,
  CSV_HEADERS,
  CSV_WORDS,
  csvCell,
  csvOrderRow,
  deductionOf,
  refundedAmountOf,
  type CsvOrder,
  csvRow,
  exportFileName,
  zonedTimeFormatter,
} from './order-csv';

describe('the orders export CSV', () => {
  it('quotes cells with quotes, commas and line breaks, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('guards text starting like a formula (= + - @, tab, CR), not plain numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('-5.00')).toBe('-5.00');
    expect(csvCell('1699.00')).toBe('1699.00');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('writes cents as yuan with two decimals, exactly', () => {
    expect(centsToYuanText(169900)).toBe('1699.00');
    expect(centsToYuanText(1)).toBe('0.01');
    expect(centsToYuanText(0)).toBe('0.00');
    expect(centsToYuanText(12345)).toBe('123.45');
    expect(centsToYuanText(-250)).toBe('-2.50');
    expect(centsToYuanText(999999999999)).toBe('9999999999.99');
  });

  it('writes times in the seller’s zone and dates the file by the seller’s day', () => {
    const shanghai = zonedTimeFormatter('Asia/Shanghai');
    expect(shanghai(new Date('2026-03-09T16:30:05Z'))).toBe('2026-03-10 00:30:05');
    expect(shanghai('2026-03-09 15:30:00.123456+00')).toBe('2026-03-09 23:30:00');
    expect(shanghai(null)).toBe('');
    expect(zonedTimeFormatter('UTC')(new Date('2026-03-09T16:30:05Z'))).toBe('2026-03-09 16:30:05');
    expect(exportFileName(new Date('2026-03-09T16:30:00Z'), 'Asia/Shanghai')).toBe(
      'orders-2026-03-10.csv',
    );
    expect(exportFileName(new Date('2026-03-09T16:30:00Z'), 'UTC')).toBe('orders-2026-03-09.csv');
  });

  const order = (over: Partial<CsvOrder> = {}): CsvOrder => ({
    orderId: 'SK1',
    createdAt: new Date('2026-03-09T15:30:00Z'),
    paidAt: null,
    customerEmail: 'a@b.example',
    tier: 'pro',
    productName: 'Pro 套餐',
    listPrice: 169900,
    discountCode: '=cmd',
    discountAmount: 10000,
    amount: 159900,
    currency: 'CNY',
    status: 'paid',
    refundStatus: null,
    refundedAt: null,
    paymentGateway: 'alipay',
    paymentMethod: null,
    tradeNo: 'T,1',
    ...over,
  });
  const shanghai = zonedTimeFormatter('Asia/Shanghai');
  const cells = (line: string) => {
    const row: Record<string, string> = {};
    // No cell below holds a comma inside quotes except the trade number, read apart.
    const parts = line.replace('"T,1"', 'T;1').replace(/\r\n$/, '').split(',');
    CSV_COLUMNS.forEach((c, i) => (row[c] = parts[i]));
    return row;
  };

  it('writes an order line in the columns’ order, the raw codes last', () => {
    expect(csvOrderRow(order(), shanghai, 'zh-CN')).toBe(
      `SK1,2026-03-09 23:30:00,,a@b.example,Pro,Pro 套餐,1699.00,0.00,'=cmd,100.00,1599.00,0.00,1599.00,CNY,已支付,,,支付宝,,"T,1",paid,pro,alipay,,\r\n`,
    );
    expect(csvOrderRow(order(), shanghai, 'en')).toBe(
      `SK1,2026-03-09 23:30:00,,a@b.example,Pro,Pro plan,1699.00,0.00,'=cmd,100.00,1599.00,0.00,1599.00,CNY,Paid,,,Alipay,,"T,1",paid,pro,alipay,,\r\n`,
    );
  });

  it.each(['en', 'zh-CN'] as const)(
    'writes every word in the export’s language (%s): Max for ultra, no raw code among the words',
    (language) => {
      const refunded = cells(
        csvOrderRow(
          order({
            tier: 'ultra',
            productName: 'Max 套餐',
            status: 'refunded',
            refundStatus: 'succeeded',
            refundedAt: new Date('2026-03-10T01:00:00Z'),
            paymentGateway: 'sandbox',
            paymentMethod: 'sandbox',
          }),
          shanghai,
          language,
        ),
      );
      const words = {
        en: ['Max', 'Max plan', 'Refunded', 'refunded', 'Sandbox', 'Sandbox'],
        'zh-CN': ['Max', 'Max 套餐', '已退款', '已退款', '沙箱', '沙箱'],
      }[language];
      expect([
        refunded.plan,
        refunded.productName,
        refunded.status,
        refunded.refundStatus,
        refunded.gateway,
        refunded.method,
      ]).toEqual(words);
      expect(refunded).toMatchObject({
        statusCode: 'refunded',
        planCode: 'ultra',
        gatewayCode: 'sandbox',
        methodCode: 'sandbox',
        refundStatusCode: 'succeeded',
      });
      const grant = cells(
        csvOrderRow(
          order({
            tier: 'vip',
            listPrice: 0,
            discountCode: null,
            discountAmount: 0,
            amount: 0,
            paymentGateway: 'internal',
            paymentMethod: 'vip-grant',
          }),
          shanghai,
          language,
        ),
      );
      expect([grant.plan, grant.gateway, grant.method]).toEqual(
        language === 'en'
          ? ['VIP', 'Internal', 'VIP plan granted']
          : ['VIP', '内部', '发放 VIP 套餐'],
      );
      expect([grant.gatewayCode, grant.methodCode]).toEqual(['internal', 'vip-grant']);
      // English words only where the language is English; no Chinese in the English file.
      if (language === 'en')
        expect(Object.values(refunded).join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
      // A code the export does not know is written as it is.
      expect(cells(csvOrderRow(order({ status: 'disputed' }), shanghai, language)).status).toBe(
        'disputed',
      );
    },
  );

  it('shows each row’s arithmetic: list − deduction − discount = amount, amount − refunded = net', () => {
    // An upgrade from Pro (1699) to Max (9980) with a 100 discount, refunded.
    const upgrade = cells(
      csvOrderRow(
        order({
          tier: 'ultra',
          listPrice: 998000,
          discountCode: 'SPRING',
          discountAmount: 10000,
          amount: 818100,
          status: 'refunded',
        }),
        shanghai,
        'en',
      ),
    );
    expect(upgrade).toMatchObject({
      listPrice: '9980.00',
      deduction: '1699.00',
      discountAmount: '100.00',
      amount: '8181.00',
      refundedAmount: '8181.00',
      net: '0.00',
    });
    const paid = cells(csvOrderRow(order({ discountCode: null }), shanghai, 'en'));
    expect(paid).toMatchObject({ deduction: '0.00', refundedAmount: '0.00', net: '1599.00' });
    expect(deductionOf({ listPrice: 69900, discountAmount: 69900, amount: 0 })).toBe(0);
    expect(refundedAmountOf({ status: 'paid', amount: 100 })).toBe(0);
  });

  it('names the columns in each language, the raw code columns alike in both', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const headers = CSV_COLUMNS.map((c) => CSV_HEADERS[language][c]);
      expect(new Set(headers).size).toBe(CSV_COLUMNS.length);
      expect(headers.slice(-5)).toEqual([
        'status_code',
        'plan_code',
        'gateway_code',
        'method_code',
        'refund_status_code',
      ]);
    }
    expect(CSV_HEADERS['zh-CN'].deduction).toBe('升级抵扣（元）');
    // The Chinese words are the screens': 沙箱 for the sandbox (never 沙盒), 座位 for a seat.
    const zh = JSON.stringify([CSV_HEADERS['zh-CN'], CSV_WORDS['zh-CN']]);
    expect(zh).toContain('沙箱');
    expect(zh).not.toMatch(/沙盒|席位/);
    expect(CSV_HEADERS.en.net).toBe('Net (CNY)');
  });
});
