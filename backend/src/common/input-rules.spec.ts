import {
  findTextFlaw,
  INT32_MAX,
  isIsoDateInRange,
  pathFlaw,
  repeatedQueryParam,
  textFlaw,
} from './input-rules';

describe('textFlaw', () => {
  it('finds NUL characters and unpaired surrogates', () => {
    expect(textFlaw('a\u0000b')).toBe('NUL characters');
    expect(textFlaw('\u0000')).toBe('NUL characters');
    expect(textFlaw('\ud800')).toBe('unpaired surrogates');
    expect(textFlaw('x\udfff')).toBe('unpaired surrogates');
    expect(textFlaw('\ud83d\ud83d\ude42')).toBe('unpaired surrogates');
    expect(textFlaw('\ude42\ud83d')).toBe('unpaired surrogates');
  });

  it('accepts any well-formed text, astral characters and controls other than NUL included', () => {
    for (const ok of [
      '',
      'plain',
      '🙂',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202e',
      '\u0001\t\n',
      "' or 1=1 --",
      '\\u0000',
    ]) {
      expect([ok, textFlaw(ok)]).toEqual([ok, null]);
    }
  });
});

describe('findTextFlaw', () => {
  it('names the first unfit value by its path, at any depth', () => {
    expect(findTextFlaw({ title: 'a\u0000' })).toBe('title must not contain NUL characters');
    expect(findTextFlaw({ options: [{ text: 'ok' }, { text: '\ud800' }] })).toBe(
      'options.1.text must not contain unpaired surrogates',
    );
    expect(findTextFlaw({ request: { user_prompt: 'x\u0000' } })).toBe(
      'request.user_prompt must not contain NUL characters',
    );
    expect(findTextFlaw(['\u0000'])).toBe('0 must not contain NUL characters');
    expect(findTextFlaw('\u0000')).toBe('Request body must not contain NUL characters');
  });

  it('checks field names too', () => {
    expect(findTextFlaw({ ok: { 'a\u0000': 1 } })).toBe(
      'Field names must not contain NUL characters',
    );
    expect(findTextFlaw({ '\udc00': 1 })).toBe('Field names must not contain unpaired surrogates');
  });

  it('accepts clean bodies and non-string values', () => {
    expect(findTextFlaw({ a: 1, b: null, c: true, d: [1, 'two', { e: '🙂' }] })).toBeNull();
    expect(findTextFlaw(undefined)).toBeNull();
    expect(findTextFlaw(null)).toBeNull();
    expect(findTextFlaw(42)).toBeNull();
  });
});

describe('repeatedQueryParam', () => {
  it('refuses a parameter given twice', () => {
    expect(repeatedQueryParam({ a: 'x', link: ['1', '2'] })).toBe(
      'Query parameter link must not be repeated',
    );
  });

  it('accepts single parameters', () => {
    expect(repeatedQueryParam({ page: '1', search: '' })).toBeNull();
    expect(repeatedQueryParam({})).toBeNull();
  });
});

describe('pathFlaw', () => {
  it('refuses a NUL, and percent-encodings that are not UTF-8', () => {
    expect(pathFlaw('/api/orders/by-order-id/a%00b')).toBe(
      'URL path must not contain NUL characters',
    );
    expect(pathFlaw('/api/x/%ED%A0%80')).toBe('URL path must be valid percent-encoded UTF-8');
    expect(pathFlaw('/api/x/%FF')).toBe('URL path must be valid percent-encoded UTF-8');
    expect(pathFlaw('/api/x/100%')).toBe('URL path must be valid percent-encoded UTF-8');
  });

  it('accepts ordinary and encoded Unicode paths', () => {
    expect(pathFlaw('/api/orders/by-order-id/ORD-1')).toBeNull();
    expect(pathFlaw(`/api/vip/${encodeURIComponent('a+b@例子.com 🙂')}`)).toBeNull();
  });
});

describe('isIsoDateInRange', () => {
  it('accepts ISO date-times in years 1 to 9999 (UTC)', () => {
    for (const ok of [
      '0001-01-01T00:00:00Z',
      '2030-06-01T12:00:00+08:00',
      '9999-12-31T23:59:59Z',
      '2030-06-01',
    ]) {
      expect([ok, isIsoDateInRange(ok)]).toEqual([ok, true]);
    }
  });

  it('refuses years 0, negative and past 9999, also reached through the offset, and non-dates', () => {
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '-000001-01-01T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '9999-12-31T23:00:00-05:00',
      'tomorrow',
      '',
      20300101,
      null,
    ]) {
      expect([bad, isIsoDateInRange(bad)]).toEqual([bad, false]);
    }
  });
});

it('INT32_MAX is the largest PostgreSQL integer', () => expect(INT32_MAX).toBe(2 ** 31 - 1));
