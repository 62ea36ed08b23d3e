import { DEV_SIGN_IN_TEXTS, type PageLanguage } from './dev-idp.texts';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The development provider's sign-in form (stands in for Google's account chooser), in the interface's
 * language (dev-idp.texts.ts). `error`: already in that language.
 */
export function authorizePage(
  query: Record<string, string>,
  brand: string,
  error?: string,
  language: PageLanguage = 'en',
): string {
  const t = DEV_SIGN_IN_TEXTS[language];
  const hidden = Object.entries(query)
    .filter(([k]) => !['email', 'name', 'sub', 'email_verified', 'action'].includes(k))
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t.title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
form{background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);width:min(360px,90vw)}
h1{font-size:20px;margin:0 0 4px} p{color:#495057;font-size:14px;margin:0 0 20px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
summary{margin-top:16px;font-size:14px;cursor:pointer} select{padding:8px;border-radius:6px}
input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ced4da;border-radius:6px;font-size:15px}
.row{display:flex;gap:8px;margin-top:20px} button{flex:1;padding:10px;border-radius:6px;border:0;font-size:15px;cursor:pointer}
.primary{background:#1c7ed6;color:#fff} .secondary{background:#e9ecef;color:#212529} .error{color:#c92a2a}
</style></head><body>
<form method="post" action="/dev-idp/authorize">
<h1>${escape(t.title)}</h1>
<p>${escape(t.intro).replace('{brand}', escape(brand))}</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
${hidden}
<label for="email">${escape(t.email)}</label><input id="email" name="email" type="email" required autocomplete="email" value="${escape(query.email ?? '')}">
<label for="name">${escape(t.name)}</label><input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${escape(query.name ?? '')}">
<details${query.sub || query.email_verified === 'false' ? ' open' : ''}><summary>${escape(t.details)}</summary>
<label for="sub">${escape(t.sub)}</label><input id="sub" name="sub" type="text" maxlength="255" value="${escape(query.sub ?? '')}">
<label for="email_verified">${escape(t.emailVerified)}</label><select id="email_verified" name="email_verified">
<option value="true">${escape(t.yes)}</option><option value="false"${query.email_verified === 'false' ? ' selected' : ''}>${escape(t.no)}</option></select>
</details>
<div class="row"><button class="secondary" type="submit" name="action" value="deny" formnovalidate>${escape(t.cancel)}</button>
<button class="primary" type="submit" name="action" value="allow">${escape(t.signIn)}</button></div>
</form></body></html>`;
}
