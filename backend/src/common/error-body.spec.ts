import {
  BadRequestException,
  HttpException,
  NotFoundException,
  ServiceUnavailableException,
  ValidationPipe,
} from '@nestjs/common';
import { IsString } from 'class-validator';
import { AI_ERRORS, AiError, AiErrorCode } from '../ai/ai-errors';
import { AUTH_ERRORS, AuthError } from '../auth/auth-errors';
import { CUSTOMER_ERRORS, CustomerError } from '../customers/customer-errors';
import { DISCOUNT_ERRORS, DiscountError } from '../discounts/discount-errors';
import { DOCS_ERRORS, DocsError } from '../docs/docs-errors';
import { DOWNLOAD_ERRORS, DownloadError } from '../downloads/download-errors';
import { LICENSE_ERRORS, LicenseError, LicenseErrorCode } from '../licenses/license-errors';
import { MAIL_ERRORS, MailError } from '../mail/mail-errors';
import { ORDER_ERRORS, OrderError } from '../orders/order-errors';
import { PAYMENT_ERRORS, PaymentError } from '../payments/payment-errors';
import { PLAN_ERRORS, PlanError } from '../plans/plan-errors';
import { QUIZ_ERRORS, QuizError, quizOptionCountError } from '../quiz/quiz-errors';
import { TOKEN_ERRORS, TokenError } from '../tokens/token-errors';
import { VIP_ERRORS, VipError } from '../vip/vip-errors';
import { WEBHOOK_ERRORS, WebhookError } from '../webhooks/webhook-errors';
import { bodyTooLarge, COMMON_ERRORS, CommonError, CommonErrorCode } from './common-errors';
import type { DomainError, ErrorTable } from './domain-error';
import { bodyParserError, errorHeaders, isUnexpected, toErrorBody } from './error-body';

/** Every module's table with the error class that takes its codes. */
const MODULES: [string, ErrorTable<string>, (code: never) => DomainError][] = [
  ['common', COMMON_ERRORS, (c) => new CommonError(c)],
  ['ai', AI_ERRORS, (c) => new AiError(c)],
  ['auth', AUTH_ERRORS, (c) => new AuthError(c)],
  ['customers', CUSTOMER_ERRORS, (c) => new CustomerError(c)],
  ['discounts', DISCOUNT_ERRORS, (c) => new DiscountError(c)],
  ['docs', DOCS_ERRORS, (c) => new DocsError(c)],
  ['downloads', DOWNLOAD_ERRORS, (c) => new DownloadError(c)],
  ['licenses', LICENSE_ERRORS, (c) => new LicenseError(c)],
  ['mail', MAIL_ERRORS, (c) => new MailError(c)],
  ['orders', ORDER_ERRORS, (c) => new OrderError(c)],
  ['payments', PAYMENT_ERRORS, (c) => new PaymentError(c)],
  ['plans', PLAN_ERRORS, (c) => new PlanError(c)],
  ['quiz', QUIZ_ERRORS, (c) => new QuizError(c)],
  ['tokens', TOKEN_ERRORS, (c) => new TokenError(c)],
  ['vip', VIP_ERRORS, (c) => new VipError(c)],
  ['webhooks', WEBHOOK_ERRORS, (c) => new WebhookError(c)],
];

const EVERY_CODE = MODULES.flatMap(([module, table, create]) =>
  Object.entries(table).map(([code, spec]) => ({ module, code, spec, create })),
);

describe('error codes', () => {
  it('are unique across modules', () => {
    const codes = EVERY_CODE.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(EVERY_CODE.map((e) => [e.module, e.code, e] as const))(
    '%s %s: its status and text, in the error shape with its code',
    (_module, code, { spec, create }) => {
      expect(spec.status).toBeGreaterThanOrEqual(400);
      expect(spec.status).toBeLessThan(600);
      expect(spec.text.trim()).not.toBe('');
      const error = create(code as never);
      expect(error.code).toBe(code);
      expect(toErrorBody(error)).toStrictEqual({
        statusCode: spec.status,
        error: spec.text,
        message: spec.text,
        code,
      });
    },
  );

  it('keep the texts of the product (a few, as the spec words them)', () => {
    expect(LICENSE_ERRORS[LicenseErrorCode.LICENSE_NOT_FOUND]).toEqual({
      status: 404,
      text: 'License not found',
    });
    expect(COMMON_ERRORS[CommonErrorCode.UNAUTHENTICATED]).toEqual({
      status: 401,
      text: 'User not authenticated',
    });
    expect(COMMON_ERRORS[CommonErrorCode.ADMIN_REQUIRED]).toEqual({
      status: 403,
      text: 'Admin access required',
    });
    expect(AI_ERRORS[AiErrorCode.NEEDS_MODEL].text).toBe(
      'please provide an available model ID and retry',
    );
  });
});

describe('toErrorBody', () => {
  it('sends a case-dependent text under the code, and extra fields beside the shape', () => {
    expect(toErrorBody(quizOptionCountError(5))).toStrictEqual({
      statusCode: 400,
      error: '选项数量必须在2-4个之间（当前有 5 个）',
      message: '选项数量必须在2-4个之间（当前有 5 个）',
      code: 'QUESTION_OPTION_COUNT',
    });
    const needsModel = new AiError(AiErrorCode.NEEDS_MODEL, {
      details: {
        triedModels: [{ model: 'm', error: 'e' }],
        suggestions: ['x'],
        code: 'overridden?',
        statusCode: 200,
      },
    });
    expect(toErrorBody(needsModel)).toStrictEqual({
      statusCode: 400,
      error: 'please provide an available model ID and retry',
      message: 'please provide an available model ID and retry',
      code: 'needs_model',
      triedModels: [{ model: 'm', error: 'e' }],
      suggestions: ['x'],
    });
  });

  it("answers the ValidationPipe's refusal with its first failing rule, VALIDATION_FAILED", async () => {
    class Dto {
      @IsString({ message: 'Website URL is required' })
      websiteUrl!: string;
    }
    const pipe = new ValidationPipe({ stopAtFirstError: true });
    const refusal = await pipe
      .transform({ websiteUrl: 1 }, { type: 'body', metatype: Dto })
      .catch((e: unknown) => e);
    expect(toErrorBody(refusal)).toStrictEqual({
      statusCode: 400,
      error: 'Website URL is required',
      message: 'Website URL is required',
      code: 'VALIDATION_FAILED',
    });
  });

  it("codes Nest's own exceptions by status, keeping a code they carry", () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /api/nope'))).toStrictEqual({
      statusCode: 404,
      error: 'Cannot GET /api/nope',
      message: 'Cannot GET /api/nope',
      code: 'NOT_FOUND',
    });
    expect(toErrorBody(new BadRequestException(['first rule', 'second']))).toMatchObject({
      message: 'first rule',
      code: 'VALIDATION_FAILED',
    });
    expect(toErrorBody(new HttpException('slow down', 429)).code).toBe('RATE_LIMITED');
    expect(toErrorBody(new HttpException('no', 405)).code).toBe('BAD_REQUEST');
    expect(toErrorBody(new ServiceUnavailableException('later')).code).toBe('SERVICE_UNAVAILABLE');
    expect(
      toErrorBody(new BadRequestException({ message: 'm', code: 'own_code', extra: 1 })),
    ).toStrictEqual({ statusCode: 400, error: 'm', message: 'm', code: 'own_code', extra: 1 });
  });

  it('answers a database outage 503 DATABASE_UNAVAILABLE with Retry-After, not logged', () => {
    const body = toErrorBody({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' });
    expect(body).toStrictEqual({
      statusCode: 503,
      error: 'Database unavailable',
      message: 'Database unavailable',
      code: 'DATABASE_UNAVAILABLE',
    });
    expect(errorHeaders(body)).toEqual({ 'Retry-After': '1' });
    expect(isUnexpected(body)).toBe(false);
  });

  it('answers anything else 500 INTERNAL without internals, to be logged', () => {
    const body = toErrorBody(new Error('select * from secrets where x = 1'));
    expect(body).toStrictEqual({
      statusCode: 500,
      error: 'Internal server error',
      message: 'Internal server error',
      code: 'INTERNAL',
    });
    expect(errorHeaders(body)).toEqual({});
    expect(isUnexpected(body)).toBe(true);
    expect(toErrorBody(undefined).code).toBe('INTERNAL');
  });

  it.each([
    [{ type: 'entity.parse.failed' }, 400, 'MALFORMED_JSON', 'Malformed JSON in request body'],
    [
      { type: 'entity.too.large', limit: 65536 },
      413,
      'BODY_TOO_LARGE',
      'Request body is larger than 64 kB',
    ],
    [{ type: 'entity.too.large' }, 413, 'BODY_TOO_LARGE', 'Request body is larger than 1 MB'],
    [
      { code: 'Z_DATA_ERROR' },
      400,
      'BODY_NOT_DECOMPRESSIBLE',
      'Request body could not be decompressed',
    ],
    [{ type: 'encoding.unsupported' }, 415, 'UNSUPPORTED_ENCODING', 'Unsupported request encoding'],
    [{ type: 'request.aborted' }, 400, 'INVALID_BODY', 'Invalid request body'],
  ])("maps the body parser's %p to %i %s", (err, status, code, text) => {
    expect(bodyParserError(err)?.code).toBe(code);
    expect(toErrorBody(err)).toStrictEqual({
      statusCode: status,
      error: text,
      message: text,
      code,
    });
  });

  it('words body limits in kB or MB', () => {
    expect(bodyTooLarge(16 * 1024).message).toBe('Request body is larger than 16 kB');
    expect(bodyTooLarge(1024 * 1024).message).toBe('Request body is larger than 1 MB');
  });
});
