import { slugify } from './slug';

describe('slugify', () => {
  it('keeps ASCII words', () => {
    expect(slugify('Hello, World! Release 2.0')).toBe('hello-world-release-2-0');
    expect(slugify('Café crème')).toBe('cafe-creme');
  });
  it('falls back to a random id for titles without ASCII words', () => {
    expect(slugify('插件 发布')).toMatch(/^post-[0-9a-f]{8}$/);
  });
});
