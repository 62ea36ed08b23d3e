import { createHash } from 'node:crypto';
import { QuizError, QuizErrorCode, quizOptionCountError } from './quiz-errors';

export const DEFAULT_CATEGORY = { slug: 'general', label: '通用', labelEn: 'General' } as const;

export type QuizLanguage = 'zh-CN' | 'en';

/** A text in the player's language, or the other language's when that one is empty. */
export function inLanguage(language: QuizLanguage, zh: string, en: string): string {
  const [first, second] = language === 'en' ? [en, zh] : [zh, en];
  return first.trim() ? first : second;
}

export interface QuizCategory {
  slug: string;
  /** Chinese label ('' when only the English one was given). */
  label: string;
  labelEn: string;
}

const sameLabel = (a: string, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/**
 * The category a question is saved in (docs/rules.md, quiz categories), from the labels typed in the form
 * and the categories that exist: blank labels are the default category; a label that names an existing
 * category (in either language, the default's 通用 / General included) is that category, whose labels
 * stay as they are (a missing one is filled in); a new label makes a new category, its slug from the
 * English label or the Chinese one. A new label whose slug an existing category holds joins that category
 * rather than renaming it.
 */
export function resolveCategory(
  labels: { label?: string | null; labelEn?: string | null },
  existing: readonly QuizCategory[],
): QuizCategory {
  const zh = (labels.label ?? '').trim();
  const en = (labels.labelEn ?? '').trim();
  const known = [
    { ...DEFAULT_CATEGORY },
    ...existing.filter((c) => c.slug !== DEFAULT_CATEGORY.slug),
  ];
  if (!zh && !en) return { ...DEFAULT_CATEGORY };
  const given = [zh, en].filter(Boolean);
  const slug = categoryOf(en || zh).slug;
  const found =
    known.find((c) => given.some((l) => sameLabel(c.label, l) || sameLabel(c.labelEn, l))) ??
    known.find((c) => c.slug === slug || c.slug === categoryOf(zh || en).slug);
  if (found) return { slug: found.slug, label: found.label || zh, labelEn: found.labelEn || en };
  return { slug, label: zh, labelEn: en };
}

/** A stable slug for a category label (a blank label is the default category). */
export function categoryOf(label: string | null | undefined): { slug: string; label: string } {
  const trimmed = (label ?? '').trim();
  if (!trimmed) return { slug: DEFAULT_CATEGORY.slug, label: DEFAULT_CATEGORY.label };
  const ascii = trimmed
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const slug =
    /^[\x20-\x7e]+$/.test(trimmed) && ascii
      ? ascii
      : `c-${createHash('sha1').update(trimmed).digest('hex').slice(0, 10)}`;
  return { slug, label: trimmed };
}

export interface QuestionInput {
  question: string;
  questionEn?: string | null;
  explanation: string;
  explanationEn?: string | null;
  categoryLabel?: string | null;
  categoryLabelEn?: string | null;
  options: { text: string; textEn?: string | null }[];
  isActive?: boolean;
}

/**
 * Checks a question as the admin form does (docs/product.md#validation), in either language: the question
 * and the explanation in at least one; 2-4 options, an option being its Chinese and English texts (one of
 * them may be empty, a blank pair is dropped). Returns the cleaned options.
 */
export function validateQuestion(input: QuestionInput): {
  options: { text: string; textEn: string }[];
} {
  if (!input.question?.trim() && !input.questionEn?.trim())
    throw new QuizError(QuizErrorCode.QUESTION_TEXT_REQUIRED);
  const options = (input.options ?? [])
    .map((o) => ({ text: (o?.text ?? '').trim(), textEn: (o?.textEn ?? '').trim() }))
    .filter((o) => o.text || o.textEn);
  if (options.length < 2 || options.length > 4) throw quizOptionCountError(options.length);
  if (!input.explanation?.trim() && !input.explanationEn?.trim())
    throw new QuizError(QuizErrorCode.QUESTION_EXPLANATION_REQUIRED);
  return { options };
}
