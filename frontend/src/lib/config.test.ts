import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  imageAllowed,
  isSitePath,
  readAppConfig,
  supportContactHref,
} from './config';

function docWith(metaHtml: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = metaHtml;
  return doc;
}

describe('readAppConfig', () => {
  it('reads the HTML-escaped JSON the server writes', () => {
    const doc = docWith(
      '<meta name="app-config" content="{&quot;brandName&quot;:&quot;SeatKeeper&quot;,&quot;docsUrl&quot;:&quot;https://docs.example.com/&quot;}" />',
    );
    expect(readAppConfig(doc)).toEqual({
      brandName: 'SeatKeeper',
      docsUrl: 'https://docs.example.com/',
    });
    const signedIn = docWith(
      '<meta name="app-config" content="{&quot;brandName&quot;:&quot;SeatKeeper&quot;,&quot;sessionCookie&quot;:true}" />',
    );
    expect(readAppConfig(signedIn).sessionCookie).toBe(true);
    const signedOut = docWith(
      '<meta name="app-config" content="{&quot;brandName&quot;:&quot;SeatKeeper&quot;,&quot;sessionCookie&quot;:false}" />',
    );
    expect(readAppConfig(signedOut).sessionCookie).toBe(false);
    // Anything but a boolean says nothing.
    const odd = docWith(
      '<meta name="app-config" content="{&quot;sessionCookie&quot;:&quot;yes&quot;}" />',
    );
    expect(readAppConfig(odd)).not.toHaveProperty('sessionCookie');
  });

  it('falls back for the untouched tag, bad JSON, missing fields or no tag', () => {
    expect(readAppConfig(docWith('<meta name="app-config" content="{}" />'))).toEqual(
      DEFAULT_CONFIG,
    );
    expect(readAppConfig(docWith('<meta name="app-config" content="{oops" />'))).toEqual(
      DEFAULT_CONFIG,
    );
    expect(
      readAppConfig(
        docWith('<meta name="app-config" content="{&quot;brandName&quot;:&quot;&quot;}" />'),
      ),
    ).toEqual(DEFAULT_CONFIG);
    expect(readAppConfig(docWith(''))).toEqual({
      brandName: 'seatkeeper',
      docsUrl: '/docs',
    });
  });

  it("reads the seller's image hosts (DOCS_IMAGE_HOSTS) for Markdown images", () => {
    const doc = docWith(
      '<meta name="app-config" content="{&quot;docsImageHosts&quot;:[&quot;Images.Example.com&quot;,&quot;&quot;,3]}" />',
    );
    expect(readAppConfig(doc).docsImageHosts).toEqual(['images.example.com']);
    expect(readAppConfig(docWith('<meta name="app-config" content="{}" />'))).not.toHaveProperty(
      'docsImageHosts',
    );
    // The interactive API docs are off only when the server says so.
    expect(
      readAppConfig(docWith('<meta name="app-config" content="{&quot;apiDocs&quot;:false}" />'))
        .apiDocs,
    ).toBe(false);
    expect(readAppConfig(docWith('<meta name="app-config" content="{}" />'))).not.toHaveProperty(
      'apiDocs',
    );
    const origin = 'https://shop.example';
    expect(imageAllowed('/a.png', origin, [])).toBe(true);
    expect(imageAllowed('https://shop.example/a.png', origin, [])).toBe(true);
    expect(imageAllowed('https://other.example/a.png', origin, [])).toBe(false);
    expect(imageAllowed('https://other.example/a.png', origin, ['other.example'])).toBe(true);
    expect(imageAllowed('https://x.other.example/a.png', origin, ['*.other.example'])).toBe(true);
    expect(imageAllowed('https://other.example/a.png', origin, ['*.other.example'])).toBe(false);
    expect(imageAllowed('https://evilother.example/a.png', origin, ['*.other.example'])).toBe(
      false,
    );
  });

  it("reads the seller's contact when one is configured, and links it only as mailto or http(s)", () => {
    const doc = docWith(
      '<meta name="app-config" content="{&quot;supportContact&quot;:&quot;help@shop.example&quot;}" />',
    );
    expect(readAppConfig(doc).supportContact).toBe('help@shop.example');
    expect(readAppConfig(docWith('<meta name="app-config" content="{}" />'))).not.toHaveProperty(
      'supportContact',
    );
    expect(supportContactHref('help@shop.example')).toBe('mailto:help@shop.example');
    expect(supportContactHref('https://shop.example/contact')).toBe('https://shop.example/contact');
    expect(supportContactHref('javascript:alert(1)')).toBeNull();
    expect(supportContactHref(undefined)).toBeNull();
  });

  it('tells a path of this site from a docs address elsewhere', () => {
    expect(isSitePath('/docs')).toBe(true);
    expect(isSitePath('/handbook/start')).toBe(true);
    expect(isSitePath('https://docs.example.com/')).toBe(false);
    expect(isSitePath('//docs.example.com/')).toBe(false);
  });
});
