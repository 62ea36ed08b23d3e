import { pick, renderMail, type MailContext, type RenderedMail, type Texts } from './layout';

export interface SignInCodeMailData {
  /** The six digits. Never in the subject: the admin's outbox list shows subjects. */
  code: string;
  /** How long it works. */
  minutes: number;
}

/** The sign-in code (docs/security.md, "E-mail sign-in"): the code, how long it works, and who asked. */
export function renderSignInCode(ctx: MailContext, data: SignInCodeMailData): RenderedMail {
  const t = (texts: Texts) => pick(ctx, texts);
  return renderMail(ctx, {
    subject: t({
      'zh-CN': `【${ctx.brand}】您的登录验证码`,
      en: `[${ctx.brand}] Your sign-in code`,
    }),
    title: t({ 'zh-CN': '登录验证码', en: 'Your sign-in code' }),
    blocks: [
      {
        kind: 'paragraph',
        text: t({
          'zh-CN': `请在登录页面输入以下验证码，${data.minutes} 分钟内有效：`,
          en: `Enter this code on the sign-in page; it works for ${data.minutes} minutes:`,
        }),
      },
      { kind: 'code', text: data.code },
      {
        kind: 'note',
        text: t({
          'zh-CN':
            '请勿将验证码告诉任何人。如果这不是您本人的操作，请忽略这封邮件，您的账户不会有任何变化。',
          en: 'Never share this code. If you did not ask for it, ignore this e-mail: nothing changes on your account.',
        }),
      },
    ],
    footer: t({
      'zh-CN': `这封邮件由 ${ctx.brand} 发送，因为有人用这个邮箱地址请求登录。`,
      en: `${ctx.brand} sent this e-mail because someone asked to sign in with this address.`,
    }),
  });
}
