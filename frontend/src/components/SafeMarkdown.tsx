import { Typography, type TypographyProps } from '@mantine/core';
import { micromark } from 'micromark';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import type { HtmlExtension } from 'micromark-util-types';
import { useMemo } from 'react';
import { imageAllowed } from '../lib/config';

/**
 * Raw HTML in the source is dropped, not shown as text: each HTML block or inline tag is compiled into
 * a buffer that is then thrown away (the text between two inline tags stays).
 */
const skipHtml: HtmlExtension = {
  enter: {
    htmlFlow() {
      this.buffer();
    },
    htmlText() {
      this.buffer();
    },
  },
  exit: {
    htmlFlow() {
      this.resume();
    },
    htmlText() {
      this.resume();
    },
  },
};

/**
 * Markdown to inert HTML (docs/product.md#validation). micromark escapes every text and attribute, and
 * without `allowDangerousHtml` / `allowDangerousProtocol` it drops raw HTML (skipHtml) and empties any
 * URL that is not http(s), mailto, irc or xmpp (images: http(s) only), so javascript:, vbscript: and
 * data: never reach the page. GitHub's tables are read, no other extension.
 */
function markdownToHtml(markdown: string, imageHosts?: readonly string[]): string {
  const html = micromark(markdown, {
    extensions: [gfmTable()],
    htmlExtensions: [gfmTableHtml(), skipHtml],
  });
  // An inert template (nothing in it runs or loads) to finish the elements, then back to HTML.
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  for (const link of root.querySelectorAll('a')) {
    // A link whose URL was emptied stays as its text; the others open in a new tab, without a handle
    // on this page.
    if (!link.getAttribute('href')) link.replaceWith(...link.childNodes);
    else {
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    }
  }
  for (const image of root.querySelectorAll('img')) {
    // An image whose URL was emptied, or that another site would serve (it could count the readers:
    // only this site and the seller's DOCS_IMAGE_HOSTS, docs/security.md "Exposure"), shows its alt text;
    // the others keep to the text width. The page's img-src says the same to the browser.
    const src = image.getAttribute('src');
    if (!src || !imageAllowed(src, window.location.origin, imageHosts))
      image.replaceWith(image.alt);
    else {
      image.loading = 'lazy';
      image.style.maxWidth = '100%';
    }
  }
  for (const table of root.querySelectorAll('table')) {
    // A table wider than the text scrolls inside its own box, not the page (phones: docs at 360 px).
    const box = document.createElement('div');
    box.style.overflowX = 'auto';
    table.replaceWith(box);
    box.append(table);
  }
  return template.innerHTML;
}

export interface SafeMarkdownProps extends Omit<TypographyProps, 'children'> {
  /** Markdown source from the server or the user. */
  children: string;
  /** Hosts images may come from besides this site; default: the server's DOCS_IMAGE_HOSTS. */
  imageHosts?: readonly string[];
}

/**
 * Markdown from people (docs sections, quiz questions and explanations, changelogs, their previews)
 * rendered inert by markdownToHtml, styled by Mantine's Typography. micromark alone (~12 kB gzip) rather
 * than react-markdown (~38 kB with its syntax trees): the docs are a first page (Lighthouse mobile).
 * Only lazy pages import this, which keeps it out of the first page's chunk.
 */
export function SafeMarkdown({ children, imageHosts, ...props }: SafeMarkdownProps) {
  const html = useMemo(() => markdownToHtml(children, imageHosts), [children, imageHosts]);
  return (
    <Typography {...props}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
