import { describe, expect, it } from 'vitest';
import { adminErrorMessage, rethrowAs, withAdminMessage } from './admin-errors';
import { ApiError } from './api-client';

const refusal = new ApiError(400, 'Email is already in VIP list', 'Bad Request', {
  statusCode: 400,
  error: 'Email is already in VIP list',
  message: 'Email is already in VIP list',
});
const htmlFailure = new ApiError(502, 'Bad Gateway', 'Bad Gateway', '<html>bad gateway</html>');

describe('admin errors', () => {
  it("shows the server's text, else '请求失败'", () => {
    expect(adminErrorMessage(refusal)).toBe('Email is already in VIP list');
    expect(adminErrorMessage(htmlFailure)).toBe('请求失败');
    expect(adminErrorMessage(new ApiError(0, 'An unexpected error occurred'))).toBe('请求失败');
    expect(adminErrorMessage(new Error('boom'))).toBe('请求失败');
  });

  it('re-throws with the text to show, keeping the status', () => {
    expect(() => withAdminMessage(htmlFailure)).toThrow(
      expect.objectContaining({ status: 502, message: '请求失败' }),
    );
    expect(() => rethrowAs(refusal, 'Failed to fetch VIP emails')).toThrow(
      expect.objectContaining({ status: 400, message: 'Failed to fetch VIP emails' }),
    );
    const abort = new DOMException('aborted', 'AbortError');
    expect(() => rethrowAs(abort, 'x')).toThrow(abort);
  });
});
