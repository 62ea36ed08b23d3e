/**
 * The sentences of the site's content entries (audit-sentence.ts): quiz questions, docs pages and
 * releases. Pure (given `t`).
 * Its keys are the adminAudit namespace's, as useTranslation('adminAudit') gives them (the catalogue test
 * reads the namespace from that call).
 */
import { LANGUAGE_NAMES, toLanguage } from '../../lib/i18n';
import { auditTarget } from '../../lib/audit-labels';
import {
  field,
  fileSize,
  humanize,
  num,
  shorten,
  str,
  type SentenceTools,
} from './audit-sentence-tools';

/** Says a content entry (quiz, docs, release); false when the action is none of these. */
export function contentSentences(s: SentenceTools): boolean {
  const { entry, t, exists, zh, A, B, none, changes, say } = s;
  const { action, before, after } = entry;
  switch (action) {
    case 'quiz.create':
    case 'quiz.update':
    case 'quiz.delete': {
      const snapshot = action === 'quiz.delete' ? before : after;
      const question =
        str(field(snapshot, zh ? 'question' : 'questionEn')) ?? str(field(snapshot, 'question'));
      const text = shorten(question ?? none(), 60);
      if (action !== 'quiz.update') {
        say(`sentences.${action}`, { question: text });
        return true;
      }
      // What the edit changed: the texts as fields, the answers as one item (their texts or the order).
      const changed = changes(before, after, ['id', 'updatedAt', 'options', 'categorySlug']);
      const answers = (v: unknown) =>
        JSON.stringify(
          (Array.isArray(field(v, 'options')) ? (field(v, 'options') as unknown[]) : []).map(
            (o) => [field(o, 'text'), field(o, 'textEn'), field(o, 'isCorrect')],
          ),
        );
      if (answers(before) !== answers(after)) changed.push(t('values.answersEdited'));
      if (changed.length)
        say('sentences.quiz.changed', {
          question: text,
          changes: changed.join(t('values.changeSeparator')),
        });
      else say('sentences.quiz.update', { question: text });
      return true;
    }
    case 'docs.update': {
      const target = auditTarget(entry);
      const slug = target.kind === 'docs' ? target.slug : entry.target;
      const language =
        target.kind === 'docs'
          ? (LANGUAGE_NAMES[toLanguage(target.language) ?? 'en'] ?? target.language)
          : '';
      const chars = (v: unknown) =>
        num(field(v, 'length')) === null
          ? none()
          : t('values.chars', { count: num(field(v, 'length')) });
      say('sentences.docs.update', { slug, language, from: chars(before), to: chars(after) });
      return true;
    }
    case 'release.uploaded':
    case 'release.current': {
      const [kind, slug] = entry.target.split('/');
      const product =
        `${exists(`releaseKinds.${kind}`) ? t(`releaseKinds.${kind}`) : humanize(kind ?? '')} ${slug ?? ''}`.trim();
      const version = str(A('version')) ?? none();
      if (action === 'release.uploaded')
        say('sentences.release.uploaded', {
          product,
          version,
          file: str(A('fileName')) ?? none(),
          size: fileSize(num(A('size'))),
        });
      else if (str(B('version')))
        say('sentences.release.current', { product, version, from: str(B('version')) });
      else say('sentences.release.current_first', { product, version });
      return true;
    }
    default:
      return false;
  }
}
