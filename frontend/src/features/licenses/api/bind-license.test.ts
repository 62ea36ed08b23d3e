import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { setTestLanguage } from '../../../test/i18n';
import { bindFailedText } from './bind-license';

/** The bind failure toast (docs/product.md#errors): the server's text, else 'Failed to bind license'. */
const bindFailure = (error: unknown) => describeError(error, bindFailedText());

describe('the bind failure text', () => {
  it("is the answer's message", () => {
    const error = new ApiError(400, 'x', '', {
      statusCode: 400,
      error: 'No binding changes left for this license',
      message: 'No binding changes left for this license',
      code: 'NO_BINDING_CHANGES_LEFT',
    });
    expect(bindFailure(error)).toBe('No binding changes left for this license');
    expect(bindFailure(new ApiError(400, 'x', '', { message: ['first', 'second'] }))).toBe('first');
  });

  it("then the answer's error string", () => {
    expect(
      bindFailure(new ApiError(400, 'x', '', { error: '该域名已绑定到您的永久版/年付版授权' })),
    ).toBe('该域名已绑定到您的永久版/年付版授权');
  });

  it("falls back to 'Failed to bind license' when the server explained nothing", () => {
    expect(bindFailure(new ApiError(0, GENERIC_ERROR_MESSAGE, 'Network Error'))).toBe(
      'Failed to bind license',
    );
    expect(bindFailure(new ApiError(502, 'Bad Gateway', 'Bad Gateway'))).toBe(
      'Failed to bind license',
    );
    expect(bindFailure(new ApiError(400, 'x', '', {}))).toBe('Failed to bind license');
    expect(bindFailure(new Error('boom'))).toBe('Failed to bind license');
    expect(bindFailure(undefined)).toBe('Failed to bind license');
    expect(bindFailure('')).toBe('Failed to bind license');
  });

  it("says it in Chinese, and shows the code's Chinese text, when the interface is Chinese", async () => {
    await setTestLanguage('zh-CN');
    expect(bindFailure(new ApiError(502, 'Bad Gateway', 'Bad Gateway'))).toBe('绑定授权失败');
    const refused = new ApiError(400, 'x', '', {
      statusCode: 400,
      error: 'No binding changes left for this license',
      message: 'No binding changes left for this license',
      code: 'NO_BINDING_CHANGES_LEFT',
    });
    expect(bindFailure(refused)).toBe('此授权已没有剩余的换绑次数');
  });
});
