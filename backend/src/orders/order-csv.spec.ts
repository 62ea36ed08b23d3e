import {
  csvCell,
  csvOrderRow,
  csvRow,
  exportFileName,
  yuanOf,
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
    expect(yuanOf(169900)).toBe('1699.00');
    expect(yuanOf(1)).toBe('0.01');
    expect(yuanOf(0)).toBe('0.00');
    expect(yuanOf(12345)).toBe('123.45');
    expect(yuanOf(-250)).toBe('-2.50');
    expect(yuanOf(999999999999)).toBe('9999999999.99');
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

  it('writes an order line in the columns’ order', () => {
    const line = csvOrderRow(
      {
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
      },
      zonedTimeFormatter('Asia/Shanghai'),
    );
    expect(line).toBe(
      `SK1,2026-03-09 23:30:00,,a@b.example,pro,Pro 套餐,1699.00,'=cmd,100.00,1599.00,CNY,paid,,,alipay,,"T,1"\r\n`,
    );
  });
});
