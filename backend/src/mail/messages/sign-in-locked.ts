import { mailTexts, renderMail, type MailContext, type RenderedMail } from './layout';

export interface SignInLockedMailData {
  /** Wrong codes the address got today. */
  failures: number;
  /** The seller's day the lock lasts for (YYYY-MM-DD, SELLER_TIME_ZONE). */
  day: string;
}

/**
 * The daily lock of e-mail code sign-in (docs/security.md, "E-mail sign-in"): to the address's owner, once
 * a day at most, when its wrong codes spent the day's budget. No code, no link: nothing to act on but
 * waiting or Google.
 */
export function renderSignInLocked(ctx: MailContext, data: SignInLockedMailData): RenderedMail {
  const t = mailTexts(ctx);
  const brand = ctx.brand;
  return renderMail(ctx, {
    subject: t('signInLocked.subject', { brand }),
    title: t('signInLocked.title'),
    blocks: [
      {
        kind: 'paragraph',
        text: t('signInLocked.locked', { count: data.failures, day: data.day }),
      },
      { kind: 'note', text: t('signInLocked.you') },
    ],
    footer: t('signInLocked.footer', { brand }),
  });
}
