import {
  DOCS_SECTIONS,
  docsAuditSnapshot,
  docsOrder,
  hasContent,
  isDocsLanguage,
  isDocsSection,
} from './docs-rules';

describe('docs rules', () => {
  it('knows the thirteen sections of the sidebar, in order', () => {
    expect(DOCS_SECTIONS).toHaveLength(13);
    expect(docsOrder('introduction')).toBe(0);
    expect(docsOrder('error-handling')).toBe(12);
    expect(docsOrder('nope')).toBe(13);
    expect(isDocsSection('token-auth')).toBe(true);
    expect(isDocsSection('swagger-ui.css')).toBe(false);
  });

  it('accepts the two languages only', () => {
    expect(isDocsLanguage('zh-CN')).toBe(true);
    expect(isDocsLanguage('en')).toBe(true);
    expect(isDocsLanguage('zh')).toBe(false);
    expect(isDocsLanguage(undefined)).toBe(false);
  });

  it('treats white space as no content', () => {
    expect(hasContent('')).toBe(false);
    expect(hasContent(' \n\t')).toBe(false);
    expect(hasContent('# x')).toBe(true);
  });

  it('audits lengths, never the text', () => {
    expect(docsAuditSnapshot('abc')).toEqual({ length: 3 });
    expect(docsAuditSnapshot(null)).toBeNull();
  });
});
