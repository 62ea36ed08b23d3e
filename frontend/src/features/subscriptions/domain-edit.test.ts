import { describe, expect, it } from 'vitest';
import { FULL_URL_REQUIRED } from '../licenses/domain';
import { linkableUrl, planDomainEdit } from './domain-edit';

describe('planDomainEdit', () => {
  it('unbinds a bound seat when the input is empty', () => {
    expect(planDomainEdit('https://a.example', '')).toEqual({ kind: 'unbind' });
    expect(planDomainEdit('https://a.example', '   ')).toEqual({ kind: 'unbind' });
    expect(planDomainEdit(null, '')).toEqual({ kind: 'unchanged' });
  });

  it('normalises the URL like the console: protocol + host, www and path dropped', () => {
    expect(planDomainEdit('https://a.example', ' https://www.B.example/blog?x=1 ')).toEqual({
      kind: 'set',
      websiteUrl: 'https://b.example',
    });
    expect(planDomainEdit(null, 'http://b.example:8080/')).toEqual({
      kind: 'set',
      websiteUrl: 'http://b.example:8080',
    });
  });

  it('changes nothing when the normalised URL is the current one', () => {
    expect(planDomainEdit('https://a.example', 'https://www.a.example/path')).toEqual({
      kind: 'unchanged',
    });
  });

  it('asks for a full URL when the input does not start with http', () => {
    expect(planDomainEdit('https://a.example', 'b.example')).toEqual({
      kind: 'invalid',
      message: FULL_URL_REQUIRED,
    });
  });

  it('sends what it cannot read as typed, for the server to refuse', () => {
    expect(planDomainEdit(null, 'http://')).toEqual({ kind: 'set', websiteUrl: 'http://' });
  });
});

describe('linkableUrl', () => {
  it('links only http and https URLs', () => {
    expect(linkableUrl('https://a.example')).toBe('https://a.example');
    expect(linkableUrl('javascript:alert(1)')).toBeNull();
    expect(linkableUrl(null)).toBeNull();
  });
});
