import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { bindErrorMessage } from './bind-licence';

describe('bindErrorMessage', () => {
  it('prefers a nested error.message in the answer', () => {
    const error = new ApiError(400, 'outer', '', { error: { message: 'nested' }, message: 'm' });
    expect(bindErrorMessage(error)).toBe('nested');
  });

  it("then the answer's message", () => {
    const error = new ApiError(400, 'x', '', {
      statusCode: 400,
      error: 'No binding changes left for this license',
      message: 'No binding changes left for this license',
    });
    expect(bindErrorMessage(error)).toBe('No binding changes left for this license');
    expect(bindErrorMessage(new ApiError(400, 'x', '', { message: ['first', 'second'] }))).toBe(
      'first',
    );
  });

  it("then the answer's error string", () => {
    expect(
      bindErrorMessage(
        new ApiError(400, 'x', '', { error: '该域名已绑定到您的永久版/年付版授权' }),
      ),
    ).toBe('该域名已绑定到您的永久版/年付版授权');
  });

  it('then the error itself', () => {
    expect(bindErrorMessage(new ApiError(502, 'Bad Gateway', 'Bad Gateway'))).toBe('Bad Gateway');
    expect(bindErrorMessage(new Error('boom'))).toBe('boom');
    expect(bindErrorMessage('plain failure')).toBe('plain failure');
  });

  it("falls back to 'Failed to bind license'", () => {
    expect(bindErrorMessage(new ApiError(0, GENERIC_ERROR_MESSAGE, 'Network Error'))).toBe(
      'Failed to bind license',
    );
    expect(bindErrorMessage(new ApiError(400, 'x', '', {}))).toBe('Failed to bind license');
    expect(bindErrorMessage(undefined)).toBe('Failed to bind license');
    expect(bindErrorMessage('')).toBe('Failed to bind license');
  });
});
