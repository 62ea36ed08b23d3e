import { dateTime, mailTexts, renderMail, type MailContext, type RenderedMail } from './layout';

/**
 * A webhook endpoint disabled after failing for 3 days (docs/webhooks.md, "Disabled endpoints"): which one,
 * since when, its last error, and how to turn it back on.
 */
export function renderWebhookDisabled(
  ctx: MailContext,
  data: { url: string; failingSince: Date; lastError: string | null },
): RenderedMail {
  const t = mailTexts(ctx);
  return renderMail(ctx, {
    subject: t('webhookDisabled.subject', { brand: ctx.brand }),
    title: t('webhookDisabled.title'),
    blocks: [
      {
        kind: 'paragraph',
        text: t('webhookDisabled.failing', {
          url: data.url,
          time: dateTime(ctx, data.failingSince),
        }),
      },
      ...(data.lastError ? [{ kind: 'code' as const, text: data.lastError.slice(0, 500) }] : []),
      {
        kind: 'paragraph',
        text: t('webhookDisabled.fix', { link: `${ctx.origin}/admin/webhooks` }),
      },
    ],
    footer: t('webhookDisabled.footer', { brand: ctx.brand }),
  });
}
