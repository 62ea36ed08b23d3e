import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-client';
import { setTestLanguage } from '../test/i18n';
import { describeError, errorCode } from './errors';
import { i18n } from './i18n';

const refusal = (code: string, text: string, status = 400, extra: object = {}) =>
  new ApiError(status, text, 'Bad Request', {
    statusCode: status,
    error: text,
    message: text,
    code,
    ...extra,
  });
const network = new ApiError(0, GENERIC_ERROR_MESSAGE, 'Network Error');
const htmlPage = new ApiError(502, 'Bad Gateway', 'Bad Gateway', '<html>bad gateway</html>');

describe('errorCode', () => {
  it("reads the server's code", () => {
    expect(errorCode(refusal('LICENSE_NOT_FOUND', 'License not found', 404))).toBe(
      'LICENSE_NOT_FOUND',
    );
    expect(
      errorCode(refusal('needs_model', 'please provide an available model ID and retry')),
    ).toBe('needs_model');
  });

  it('is undefined when the server sent none', () => {
    expect(errorCode(network)).toBeUndefined();
    expect(errorCode(htmlPage)).toBeUndefined();
    expect(errorCode(new ApiError(400, 'x', '', { message: 'no code' }))).toBeUndefined();
    expect(errorCode(new ApiError(400, 'x', '', { code: 7 }))).toBeUndefined();
    expect(errorCode(new Error('boom'))).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });
});

describe('describeError', () => {
  it("gives the catalogue's text for the server's code, in English the server's own text", () => {
    expect(describeError(refusal('LICENSE_NOT_FOUND', 'License not found', 404))).toBe(
      'License not found',
    );
    expect(
      describeError(refusal('PLAN_ALREADY_OWNED', 'already owned'), 'failed to create order'),
    ).toBe('already owned');
    // The spec words this one in Chinese: English gets its translation.
    expect(
      describeError(refusal('DOMAIN_ALREADY_BOUND', '该域名已绑定到您的永久版/年付版授权'), 'f'),
    ).toBe('This domain is already bound to your permanent/yearly licence');
  });

  it("speaks the active language: Chinese in zh-CN, the spec's Chinese texts exactly", async () => {
    await setTestLanguage('zh-CN');
    expect(describeError(refusal('DISCOUNT_CODE_UNKNOWN', 'Discount code not found'))).toBe(
      '优惠码不存在',
    );
    expect(
      describeError(refusal('DOMAIN_ALREADY_BOUND', '该域名已绑定到您的永久版/年付版授权')),
    ).toBe('该域名已绑定到您的永久版/年付版授权');
    expect(describeError(undefined)).toBe('发生了意外错误');
    expect(describeError(network)).toBe('发生了意外错误');
  });

  it("keeps the server's text for codes whose text depends on the case", async () => {
    const rule = refusal('VALIDATION_FAILED', 'email must be an email');
    expect(describeError(rule)).toBe('email must be an email');
    await setTestLanguage('zh-CN');
    expect(describeError(rule)).toBe('提交的内容无效：email must be an email');
  });

  it("falls back to the server's text for an unknown code, or before the catalogue is loaded", async () => {
    await setTestLanguage('zh-CN');
    expect(describeError(refusal('SOMETHING_NEW', 'Something new happened'))).toBe(
      'Something new happened',
    );
    const catalogue = i18n.getResourceBundle('zh-CN', 'errors') as Record<string, string>;
    i18n.removeResourceBundle('zh-CN', 'errors');
    try {
      expect(describeError(refusal('DISCOUNT_CODE_UNKNOWN', 'Discount code not found'))).toBe(
        'Discount code not found',
      );
    } finally {
      i18n.addResourceBundle('zh-CN', 'errors', catalogue);
    }
  });

  it("reads answers of the product's shape without a code, and a list's first rule", () => {
    expect(describeError(new ApiError(400, 'x', '', { message: 'already owned' }), 'f')).toBe(
      'already owned',
    );
    expect(describeError(new ApiError(400, 'x', '', { error: '请求失败' }))).toBe('请求失败');
    expect(describeError(new ApiError(400, 'x', '', { message: ['first', 'second'] }))).toBe(
      'first',
    );
  });

  it('falls back to the given text when the server explained nothing', () => {
    expect(describeError(network, 'Failed to bind license')).toBe('Failed to bind license');
    expect(describeError(htmlPage, '请求失败')).toBe('请求失败');
    expect(describeError(new ApiError(400, 'x', '', {}), 'Failed to bind license')).toBe(
      'Failed to bind license',
    );
    expect(describeError(new Error('boom'), '请求失败')).toBe('请求失败');
    expect(describeError(undefined, 'Failed to fetch orders')).toBe('Failed to fetch orders');
  });

  it("without a fallback, uses the error's own message, else the generic text", () => {
    expect(describeError(htmlPage)).toBe('Bad Gateway');
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError('plain text')).toBe('plain text');
    expect(describeError(new Error(''))).toBe(GENERIC_ERROR_MESSAGE);
    expect(describeError(network)).toBe(GENERIC_ERROR_MESSAGE);
    expect(describeError(undefined)).toBe(GENERIC_ERROR_MESSAGE);
  });
});
