import type { PageLanguage } from '../dev-idp/dev-idp.texts';
import texts from './dev-wechat-texts.json';

export type DevWechatTexts = (typeof texts)['en'];
export const DEV_WECHAT_TEXTS: Record<PageLanguage, DevWechatTexts> = texts;

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The development stand-in for WeChat's QR page: a placeholder QR, and a form that plays the phone's scan
 * and confirm (nickname, openid, unionid, and a forced errcode for trying the store's error messages).
 */
export function qrConnectPage(
  params: Record<string, string>,
  brand: string,
  language: PageLanguage,
): string {
  const t = DEV_WECHAT_TEXTS[language];
  const hidden = ['appid', 'redirect_uri', 'response_type', 'scope', 'state']
    .map((k) => `<input type="hidden" name="${k}" value="${escape(params[k] ?? '')}">`)
    .join('');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t.title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
form{background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);width:min(380px,90vw)}
h1{font-size:20px;margin:0 0 4px} p{color:#495057;font-size:14px;margin:0 0 16px}
.qr{width:160px;height:160px;margin:0 auto 16px;background:repeating-conic-gradient(#212529 0 25%,#fff 0 50%) 0 0/20px 20px;border:8px solid #fff;outline:1px solid #ced4da}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ced4da;border-radius:6px;font-size:15px}
.row{display:flex;gap:8px;margin-top:20px} button{flex:1;padding:10px;border-radius:6px;border:0;font-size:15px;cursor:pointer}
.primary{background:#05803f;color:#fff} .secondary{background:#e9ecef;color:#212529}
</style></head><body>
<form method="post" action="confirm">
<h1>${escape(t.title)}</h1>
<p>${escape(t.intro).replace('{brand}', escape(brand))}</p>
<div class="qr" role="img" aria-label="${escape(t.qr)}"></div>
${hidden}
<label for="nickname">${escape(t.nickname)}</label><input id="nickname" name="nickname" type="text" maxlength="100" value="微信用户">
<label for="openid">${escape(t.openid)}</label><input id="openid" name="openid" type="text" maxlength="64">
<label for="unionid">${escape(t.unionid)}</label><input id="unionid" name="unionid" type="text" maxlength="64">
<label for="errcode">${escape(t.errcode)}</label><input id="errcode" name="errcode" type="text" inputmode="numeric" maxlength="6">
<div class="row"><button class="secondary" type="submit" name="action" value="deny">${escape(t.deny)}</button>
<button class="primary" type="submit" name="action" value="allow">${escape(t.allow)}</button></div>
</form></body></html>`;
}
