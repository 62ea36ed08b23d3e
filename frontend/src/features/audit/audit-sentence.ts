/**
 * An audit entry as a sentence in the admin's language (docs/product.md, back office: a readable audit
 * log): what happened, with links to the order, customer or seat it touched; amounts in yuan, plans by
 * name, statuses and reasons as words, dates in the admin's time zone. Stored entries keep their raw form
 * (snapshots, English targets, reason codes); only this reading changes. An action without a sentence
 * reads as its label and its changed fields by label, never as JSON. Pure (given `t`), unit-tested.
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them.
 */
import { accountSentences } from './audit-sentence-accounts';
import { contentSentences } from './audit-sentence-content';
import { operationSentences } from './audit-sentence-operations';
import { orderSentences } from './audit-sentence-orders';
import { planSentences } from './audit-sentence-plans';
import { seatSentences } from './audit-sentence-seats';
import {
  humanize,
  sentenceTools,
  type AuditPart,
  type SentenceContext,
  type SentenceEntry,
  type SentenceTools,
} from './audit-sentence-tools';

export { humanize } from './audit-sentence-tools';
export type { AuditPart, SentenceContext, SentenceEntry } from './audit-sentence-tools';

/** The sentence builders by topic, each saying the entries of its actions (and false for any other). */
const TOPICS = [
  orderSentences,
  seatSentences,
  planSentences,
  accountSentences,
  contentSentences,
  operationSentences,
];

/** The sentence builder for one language. */
export function auditSentence(entry: SentenceEntry, ctx: SentenceContext): AuditPart[] {
  const tools = sentenceTools(entry, ctx);
  if (!TOPICS.some((say) => say(tools))) genericSentence(tools);
  // Sentences one after the other: a space between English ones, none between Chinese ones.
  return tools.sentences.flatMap((parts, i) =>
    i > 0 && !tools.zh ? [{ text: ' ' }, ...parts] : parts,
  );
}

/** An action without a sentence of its own: its label, and its changed fields by label. */
function genericSentence({ entry, t, actionLabel, changes, say }: SentenceTools) {
  const { action, before, after } = entry;
  const changed = changes(before, after);
  const name = actionLabel(action);
  const readable = name === action ? humanize(action) : name;
  if (changed.length)
    say('sentences.generic', {
      action: readable,
      changes: changed.join(t('values.changeSeparator')),
    });
  else say('sentences.genericNone', { action: readable });
}

/** The sentence as plain text (tests, titles). */
export const sentenceText = (parts: AuditPart[]) => parts.map((p) => p.text).join('');
