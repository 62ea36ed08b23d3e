/**
 * The development sign-in page in both interface languages (docs/architecture.md#language): the
 * language from the app's `lang` cookie, else the browser's Accept-Language, else zh-CN, as the
 * frontend chooses it.
 */
export type PageLanguage = 'zh-CN' | 'en';

export interface DevSignInTexts {
  title: string;
  /** `{brand}` is replaced by the brand name. */
  intro: string;
  email: string;
  name: string;
  details: string;
  sub: string;
  emailVerified: string;
  yes: string;
  no: string;
  cancel: string;
  signIn: string;
  invalidEmail: string;
  /** The provider's own refusals, by their English text (OAuthError descriptions). */
  refusals: Record<string, string>;
}

export const SUB_INVALID = 'sub must be 1 to 255 printable ASCII characters';

export const DEV_SIGN_IN_TEXTS: Record<PageLanguage, DevSignInTexts> = {
  en: {
    title: 'Development sign-in',
    intro: 'Stands in for Google while {brand} runs without Google credentials.',
    email: 'E-mail',
    name: 'Name',
    details: 'Account details',
    sub: 'Google account id (sub), empty: derived from the e-mail',
    emailVerified: 'E-mail verified by Google',
    yes: 'yes',
    no: 'no',
    cancel: 'Cancel',
    signIn: 'Sign in',
    invalidEmail: 'Enter a valid e-mail address.',
    refusals: { [SUB_INVALID]: SUB_INVALID },
  },
  'zh-CN': {
    title: '开发环境登录',
    intro: '在 {brand} 未配置 Google 凭据时代替 Google 登录。',
    email: '邮箱',
    name: '姓名',
    details: '账号详情',
    sub: 'Google 账号 ID（sub），留空则由邮箱生成',
    emailVerified: '邮箱已经 Google 验证',
    yes: '是',
    no: '否',
    cancel: '取消',
    signIn: '登录',
    invalidEmail: '请输入有效的邮箱地址。',
    refusals: { [SUB_INVALID]: 'sub 必须是 1 到 255 个可打印的 ASCII 字符' },
  },
};

const toLanguage = (tag: string | undefined): PageLanguage | undefined => {
  const lower = tag?.trim().toLowerCase();
  if (!lower) return undefined;
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
};

/** The saved `lang` cookie, else Accept-Language in order of preference, else zh-CN. */
export function pageLanguage(cookie?: string, acceptLanguage?: string): PageLanguage {
  const saved = /(?:^|;\s*)lang=([^;]*)/.exec(cookie ?? '')?.[1];
  if (saved === 'zh-CN' || saved === 'en') return saved;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(/q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of preferred) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return 'zh-CN';
}
