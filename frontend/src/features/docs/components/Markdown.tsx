import { Typography } from '@mantine/core';
import type { AnchorHTMLAttributes } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

/** Every link leaves in a new tab, without access to this page (spec §5). */
function ExternalLink({
  node: _node,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown }) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}

const components: Components = { a: ExternalLink };

/**
 * Markdown rendered safely: raw HTML in the source is dropped (skipHtml, no rehype-raw) and
 * react-markdown's default URL filter removes javascript: and other unsafe links.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Typography>
      <ReactMarkdown skipHtml components={components}>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
