import { presentedCode, singleQueryValue } from './credentials';

describe('presentedCode', () => {
  it('prefers the bearer header, then the field, then the query', () => {
    expect(presentedCode({ authorization: 'Bearer a', field: 'b', query: 'c' })).toBe('a');
    expect(presentedCode({ authorization: 'Basic x', field: 'b', query: 'c' })).toBe('b');
    expect(presentedCode({ field: '  ', query: ' c ' })).toBe('c');
    expect(presentedCode({ field: 7, query: undefined })).toBeUndefined();
    expect(presentedCode({})).toBeUndefined();
  });
});

describe('singleQueryValue', () => {
  it('refuses a repeated parameter', () => {
    expect(singleQueryValue(new URLSearchParams('license_key=a'), 'license_key')).toEqual({
      value: 'a',
    });
    expect(
      singleQueryValue(new URLSearchParams('license_key=a&license_key=b'), 'license_key'),
    ).toEqual({
      refusal: 'Query parameter license_key must not be repeated',
    });
  });
});
