import MarkdownIt from 'markdown-it';
import { safeHtml } from './details-page';

/**
 * A release's changelog (Markdown) as the HTML of the update metadata's `sections.changelog` and the
 * details page (docs/wordpress.md, Releases). markdown-it renders it, raw HTML included (a seeded
 * manifest's changelog is HTML); the result then goes through the details page's allow-list (no
 * attributes but an http(s) link, no script, style or event handler), so an admin's text cannot run
 * code in a customer's wp-admin.
 */
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });

export function changelogHtml(changelog: string): string {
  return changelog.trim() ? safeHtml(markdown.render(changelog)).trim() : '';
}
