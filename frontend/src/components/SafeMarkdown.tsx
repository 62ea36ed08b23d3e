import { Typography, type TypographyProps } from '@mantine/core';
import type { AnchorHTMLAttributes, ImgHTMLAttributes, TableHTMLAttributes } from 'react';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import ReactMarkdown, { type Components } from 'react-markdown';
import type { Processor } from 'unified';

type WithNode<T> = T & { node?: unknown };

/**
 * Every link leaves in a new tab, without a handle on this page (docs/product.md#validation). A link whose URL the
 * filter emptied (javascript: and the like) stays as plain text.
 */
function NewTabLink({
  node: _node,
  href,
  children,
  ...props
}: WithNode<AnchorHTMLAttributes<HTMLAnchorElement>>) {
  if (!href) return <span>{children}</span>;
  return (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Images keep to the text width; one whose URL the filter emptied shows its alt text instead. */
function SafeImage({
  node: _node,
  src,
  alt,
  ...props
}: WithNode<ImgHTMLAttributes<HTMLImageElement>>) {
  if (!src || typeof src !== 'string') return alt ? <span>{alt}</span> : null;
  return <img {...props} src={src} alt={alt ?? ''} loading="lazy" style={{ maxWidth: '100%' }} />;
}

/** A table wider than the text scrolls inside its own box, not the page (phones: docs at 360 px). */
function ScrollingTable({
  node: _node,
  ...props
}: WithNode<TableHTMLAttributes<HTMLTableElement>>) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table {...props} />
    </div>
  );
}

const components: Components = { a: NewTabLink, img: SafeImage, table: ScrollingTable };

interface ParserData {
  micromarkExtensions?: unknown[];
  fromMarkdownExtensions?: unknown[];
}

/**
 * GitHub's tables (the docs' API sections are tables; the server's changelogs read them too): the two
 * parts of remark-gfm that tables need, not all of it (strikethrough, task lists, footnotes and bare
 * links are ~12 kB gzip more, loaded by every docs page; the table syntax alone is ~1.3 kB). Rendering
 * the table is react-markdown's own.
 */
function remarkTables(this: Processor) {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfmTable());
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown());
}
const remarkPlugins = [remarkTables];

export interface SafeMarkdownProps extends Omit<TypographyProps, 'children'> {
  /** Markdown source from the server or the user. */
  children: string;
}

/**
 * Markdown from people (quiz questions, explanations and their previews) rendered inert (docs/product.md#validation):
 * raw HTML in the source is dropped (`skipHtml`, and no rehype-raw), and react-markdown's default
 * `urlTransform` stays in place, so javascript:, vbscript: and data: URLs become empty. Tables are
 * read (remarkTables), no other extension. Only lazy pages import this, which keeps react-markdown out
 * of the first page's chunk.
 */
export function SafeMarkdown({ children, ...props }: SafeMarkdownProps) {
  return (
    <Typography {...props}>
      <ReactMarkdown skipHtml components={components} remarkPlugins={remarkPlugins}>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
