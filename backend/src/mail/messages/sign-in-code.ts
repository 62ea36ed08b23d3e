import { mailTexts, renderMail, type MailContext, type RenderedMail } from './layout';

export interface SignInCodeMailData {
  /** The six digits. Never in the subject: the admin's outbox list shows subjects. */
  code: string;
  /** How long it works. */
  minutes: number;
}

/** The sign-in code (docs/security.md, "E-mail sign-in"): the code, how long it works, and who asked. */
export function renderSignInCode(ctx: MailContext, data: SignInCodeMailData): RenderedMail {
  const t = mailTexts(ctx);
  const brand = ctx.brand;
  return renderMail(ctx, {
    subject: t('signInCode.subject', { brand }),
    title: t('signInCode.title'),
    blocks: [
      { kind: 'paragraph', text: t('signInCode.enter', { count: data.minutes }) },
      { kind: 'code', text: data.code },
      { kind: 'note', text: t('signInCode.never') },
    ],
    footer: t('signInCode.footer', { brand }),
  });
}
