/**
 * The sentences of the operations' entries (audit-sentence.ts): webhook endpoints and the app's backups.
 * Pure (given `t`).
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them (the catalogue test
 * reads the namespace from that call).
 */
import { fileSize, num, shorten, str, type SentenceTools } from './audit-sentence-tools';

/** Says a webhook's or a backup's entry; false when the action is neither. */
export function operationSentences(s: SentenceTools): boolean {
  const { entry, t, exists, A, none, say } = s;
  const { action } = entry;
  switch (action) {
    // Webhook endpoints (docs/webhooks.md): the address as shown (never a robot's token).
    case 'webhook.created':
    case 'webhook.updated': {
      const kind = str(A('kind'));
      const events = Array.isArray(A('events')) ? (A('events') as unknown[]).length : 0;
      say(`sentences.webhook.${action === 'webhook.created' ? 'created' : 'updated'}`, {
        url: entry.target,
        kind: kind && exists(`webhookKinds.${kind}`) ? t(`webhookKinds.${kind}`) : none(),
        count: events,
      });
      return true;
    }
    case 'webhook.disabled':
      say(
        str(A('reason')) === 'failing'
          ? 'sentences.webhook.disabled_failing'
          : 'sentences.webhook.disabled',
        { url: entry.target },
      );
      return true;
    case 'webhook.secret_rotated':
    case 'webhook.enabled':
    case 'webhook.test':
    case 'webhook.resend':
      say(`sentences.webhook.${action.slice('webhook.'.length)}`, { url: entry.target });
      return true;
    // The app's backups (docs/operations.md): the file and its size, or the error (as the server wrote it).
    case 'backup.created':
      say('sentences.backup.created', {
        file: shorten(entry.target),
        size: fileSize(num(A('bytes'))),
      });
      return true;
    case 'backup.failed':
      say('sentences.backup.failed', { error: shorten(str(A('error')) ?? '') || none() });
      return true;
    default:
      return false;
  }
}
