import { safeRelativePath } from './url';

describe('safeRelativePath', () => {
  it.each([
    ['/orders', '/orders'],
    ['/admin/quiz?category=a#top', '/admin/quiz?category=a#top'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRelativePath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'orders',
    '',
    '/a\u0000b',
    undefined,
    42,
  ])('falls back to /dashboard for %p', (input) => {
    expect(safeRelativePath(input)).toBe('/dashboard');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeRelativePath('/a/../../b')).toBe('/b');
  });

  it.each([
    '/.//evil.com',
    '/./\\evil.com',
    '/a/..//evil.com',
    '/%2e//evil.com',
    '/.//evil.com/x?y#z',
  ])('refuses %p, which normalises to a protocol-relative URL', (input) => {
    expect(safeRelativePath(input)).toBe('/dashboard');
  });
});
