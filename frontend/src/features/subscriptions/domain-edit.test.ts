import { describe, expect, it } from 'vitest';
import { linkableUrl } from './domain-edit';

describe('linkableUrl', () => {
  it('links only http and https URLs', () => {
    expect(linkableUrl('https://a.example')).toBe('https://a.example');
    expect(linkableUrl('javascript:alert(1)')).toBeNull();
    expect(linkableUrl(null)).toBeNull();
  });
});
