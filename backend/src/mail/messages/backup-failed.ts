import { dateTime, mailTexts, renderMail, type MailContext, type RenderedMail } from './layout';

/** A scheduled backup that failed (docs/operations.md, "Backups"): when, the error, and what to do. */
export function renderBackupFailed(
  ctx: MailContext,
  data: { at: Date; error: string },
): RenderedMail {
  const t = mailTexts(ctx);
  return renderMail(ctx, {
    subject: t('backupFailed.subject', { brand: ctx.brand }),
    title: t('backupFailed.title'),
    blocks: [
      { kind: 'paragraph', text: t('backupFailed.failed', { time: dateTime(ctx, data.at) }) },
      { kind: 'code', text: data.error.slice(0, 500) },
      { kind: 'paragraph', text: t('backupFailed.fix') },
    ],
    footer: t('backupFailed.footer', { brand: ctx.brand }),
  });
}
