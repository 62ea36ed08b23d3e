import type { MailMessage } from './mail-message.entity';
import type { MailRow } from './mail-outbox.repository';
import { escapeHtml as escape } from './messages/layout';

/**
 * The development mailbox's pages (docs/mail.md): plain server-rendered HTML, no script. A message's HTML
 * is shown in a sandboxed iframe (no scripts, no same-origin access), loaded from its own URL.
 */

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:24px;color:#212529}
main{background:#fff;padding:24px;border-radius:10px;box-shadow:0 2px 12px rgba(0,0,0,.06);max-width:1000px;margin:0 auto}
h1{font-size:20px;margin:0 0 8px} p.lead{color:#495057;margin:0 0 16px;font-size:14px}
table{border-collapse:collapse;width:100%;font-size:14px} th,td{text-align:left;padding:8px;border-bottom:1px solid #e9ecef;vertical-align:top}
th{color:#495057;font-weight:600} a{color:#1971c2} .status{font-size:12px;padding:2px 8px;border-radius:10px;background:#e7f5ff}
.status-failed{background:#ffe3e3} .status-sent{background:#d3f9d8}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;font-size:14px;margin:0 0 16px} dt{color:#495057} dd{margin:0}
iframe{width:100%;height:720px;border:1px solid #dee2e6;border-radius:6px;background:#fff}
pre{white-space:pre-wrap;background:#f8f9fa;padding:16px;border-radius:6px;font-size:13px;border:1px solid #dee2e6}
h2{font-size:16px;margin:24px 0 8px}</style></head><body><main>${body}</main></body></html>`;
}

const when = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '—');
const status = (s: string) => `<span class="status status-${escape(s)}">${escape(s)}</span>`;

export function mailboxPage(rows: MailRow[], total: number): string {
  const list = rows.length
    ? `<table><thead><tr><th>Created (UTC)</th><th>To</th><th>Subject</th><th>Kind</th><th>Status</th></tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr><td>${when(r.createdAt)}</td><td>${escape(r.recipient)}</td><td><a href="/dev-mail/${escape(r.id)}">${escape(r.subject)}</a></td><td>${escape(r.kind)}</td><td>${status(r.status)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>No messages yet. Pay an order on the sandbox payment page and its receipt appears here.</p>';
  return page(
    'Development mailbox',
    `<h1>Development mailbox</h1><p class="lead">SMTP_URL is not set, so e-mails stay in the outbox and are shown here (this machine only). ${total} message${total === 1 ? '' : 's'}${total > rows.length ? `, the newest ${rows.length} shown` : ''}.</p>${list}`,
  );
}

export function messagePage(m: MailMessage): string {
  return page(
    m.subject,
    `<p><a href="/dev-mail/">← Development mailbox</a></p><h1>${escape(m.subject)}</h1>
<dl><dt>To</dt><dd>${escape(m.recipient)}</dd><dt>Kind</dt><dd>${escape(m.kind)}</dd><dt>Language</dt><dd>${escape(m.language)}</dd>
<dt>Status</dt><dd>${status(m.status)}</dd><dt>Attempts</dt><dd>${m.attempts}</dd><dt>Created (UTC)</dt><dd>${when(m.createdAt)}</dd><dt>Message-ID</dt><dd>${escape(m.messageId)}</dd>
${m.lastError ? `<dt>Last error</dt><dd>${escape(m.lastError)}</dd>` : ''}</dl>
<h2>HTML</h2><iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/dev-mail/${escape(m.id)}/html"></iframe>
<h2>Plain text</h2><pre>${escape(m.text)}</pre>`,
  );
}

/** The message's own HTML, its links opening in the whole window (out of the frame). */
export function messageHtml(m: MailMessage): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(m.html)
    ? m.html.replace(/<head([^>]*)>/i, `<head$1>${base}`)
    : base + m.html;
}

export const notFoundPage = () =>
  page(
    'Not found',
    '<p><a href="/dev-mail/">← Development mailbox</a></p><h1>No such message</h1>',
  );
