import { useTranslation } from 'react-i18next';
import { useAuditLabels } from '../../lib/audit-labels';
import { auditSentence, type AuditPart, type SentenceEntry } from './audit-sentence';

/**
 * An audit entry as a sentence in the interface's language, re-rendering on a switch (audit-sentence.ts):
 * for the audit log, and for any screen that shows audit entries (the adminAudit namespace loaded).
 */
export function useAuditSentence() {
  const { t, i18n } = useTranslation('adminAudit');
  const labels = useAuditLabels();
  return (entry: SentenceEntry): AuditPart[] =>
    auditSentence(entry, {
      t: (key, options) => String(t(key, options as never)),
      exists: (key) => i18n.exists(`adminAudit:${key}`),
      actionLabel: labels.action,
      language: i18n.language,
    });
}
