import { AiErrorCode } from './ai-errors';
import { classifyProviderFailure } from './provider-failure';

const {
  AI_ENDPOINT_UNREACHABLE: UNREACHABLE,
  AI_NOT_OPENAI_COMPATIBLE: NOT_COMPATIBLE,
  AI_KEY_REFUSED: KEY_REFUSED,
  AI_MODEL_UNKNOWN: MODEL_UNKNOWN,
} = AiErrorCode;

describe('classifyProviderFailure', () => {
  it.each([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'ECONNRESET',
    'ECONNTIMEOUT',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'ERR_SSL_WRONG_VERSION_NUMBER',
  ])('no answer (%s) is an unreachable address', (code) =>
    expect(classifyProviderFailure({ code })).toBe(UNREACHABLE),
  );

  it.each([
    ['no answer in time', { code: 'ETIMEDOUT' }],
    ['a private address refused', { code: 'EPRIVATE' }],
    ['a failure without a code', {}],
    ['a rate limit', { status: 429, openAiShaped: true, message: 'Rate limit reached' }],
    ['a server error', { status: 500, openAiShaped: true, message: 'The server had an error' }],
    ['a gateway error page', { status: 502, message: 'HTTP 502: <html>Bad gateway</html>' }],
    ['a 2xx without content', { status: 200, message: 'The AI provider answered without content' }],
    [
      'a parameter of the wrong type',
      {
        status: 400,
        openAiShaped: true,
        code: 'invalid_type',
        message: "Invalid type for 'model': expected a string, but got a number instead.",
      },
    ],
    [
      'another OpenAI-style 400',
      { status: 400, openAiShaped: true, message: 'max_tokens is too large' },
    ],
  ])('%s keeps the provider text (null)', (_, failure) =>
    expect(classifyProviderFailure(failure)).toBeNull(),
  );

  it.each([
    [401, true, 'invalid_api_key'],
    [401, false, undefined],
    [403, true, undefined],
    [400, true, 'invalid_api_key'],
  ])('HTTP %i (OpenAI-shaped %s, code %s) is a refused key', (status, openAiShaped, code) =>
    expect(classifyProviderFailure({ status, openAiShaped, code, message: 'x' })).toBe(KEY_REFUSED),
  );

  it.each([
    [404, 'model_not_found', 'The model `nope` does not exist or you do not have access to it.'],
    [404, undefined, 'The model `nope` does not exist'],
    [400, undefined, 'Model Not Exist'],
    [400, 'invalid_request_error', 'Unknown model: qwen-x'],
  ])('OpenAI-style %i about the model is an unknown model', (status, code, message) =>
    expect(classifyProviderFailure({ status, code, message, openAiShaped: true })).toBe(
      MODEL_UNKNOWN,
    ),
  );

  it.each([
    ['Express 404 text', { status: 404, message: 'HTTP 404: Cannot POST /v1/chat/completions' }],
    ['an HTML 404 page', { status: 404, message: 'HTTP 404: <!doctype html><title>Not found' }],
    ['a 405', { status: 405, message: 'HTTP 405: Method Not Allowed' }],
    [
      "OpenAI's own wrong-path 404",
      { status: 404, openAiShaped: true, message: 'Invalid URL (POST /v1/chat/completion)' },
    ],
    ['a 400 web page', { status: 400, message: 'HTTP 400: <html>Bad Request</html>' }],
    ['a 501', { status: 501, message: 'HTTP 501: Not Implemented' }],
    ['a 200 web page', { status: 200, code: 'ENOTJSON', message: 'non-JSON' }],
  ])('%s is not an OpenAI-compatible API', (_, failure) =>
    expect(classifyProviderFailure(failure)).toBe(NOT_COMPATIBLE),
  );
});
