import { CommonError, CommonErrorCode } from './common-errors';
import { GenerateDto } from '../ai/dto/ai.dto';
import { UpdateUserDto } from '../auth/dto/auth.dto';
import { SaveDiscountDto } from '../discounts/dto/discount.dto';
import { SaveQuestionDto } from '../quiz/dto/quiz.dto';
import { NullGuardPipe, undocumentedNull } from './null-guard.pipe';

describe('undocumentedNull', () => {
  it('finds null in a field the API document does not mark nullable', () => {
    expect(undocumentedNull({ name: null }, UpdateUserDto)).toBe('name');
    expect(undocumentedNull({ tier: 'pro', code: null, discountAmount: 1 }, SaveDiscountDto)).toBe(
      'code',
    );
  });

  it('looks into nested DTOs and arrays of them', () => {
    expect(undocumentedNull({ request: { user_prompt: null } }, GenerateDto)).toBe(
      'request.user_prompt',
    );
    expect(undocumentedNull({ config: { api_key: 'k', base_url: null } }, GenerateDto)).toBe(
      'config.base_url',
    );
    const question = { question: 'q', explanation: 'e', options: [{ text: 'a' }, { text: null }] };
    expect(undocumentedNull(question, SaveQuestionDto)).toBe('options.1.text');
  });

  it('accepts null where the document says nullable, and absent fields', () => {
    expect(undocumentedNull({ image: null }, UpdateUserDto)).toBeNull();
    expect(undocumentedNull({}, UpdateUserDto)).toBeNull();
    const discount = {
      tier: 'pro',
      code: 'X',
      discountAmount: 1,
      startsAt: null,
      expiresAt: null,
      usageLimit: null,
    };
    expect(undocumentedNull(discount, SaveDiscountDto)).toBeNull();
    expect(
      undocumentedNull({ question: 'q', categoryLabel: null, options: [] }, SaveQuestionDto),
    ).toBeNull();
  });

  it('leaves other shapes to the ValidationPipe', () => {
    expect(undocumentedNull(null, UpdateUserDto)).toBeNull();
    expect(undocumentedNull('text', UpdateUserDto)).toBeNull();
    expect(undocumentedNull({ request: 'x' }, GenerateDto)).toBeNull();
    expect(undocumentedNull({ name: null }, Object)).toBeNull();
    expect(undocumentedNull({ name: null }, undefined)).toBeNull();
  });
});

describe('NullGuardPipe', () => {
  const pipe = new NullGuardPipe();

  it('refuses a body with an undocumented null with 400 naming the field', () => {
    expect(() => pipe.transform({ name: null }, { type: 'body', metatype: UpdateUserDto })).toThrow(
      new CommonError(CommonErrorCode.VALIDATION_FAILED, { text: 'name must not be null' }),
    );
  });

  it('passes everything else through unchanged', () => {
    const body = { image: null };
    expect(pipe.transform(body, { type: 'body', metatype: UpdateUserDto })).toBe(body);
    expect(pipe.transform({ name: null }, { type: 'query', metatype: UpdateUserDto })).toEqual({
      name: null,
    });
  });
});
