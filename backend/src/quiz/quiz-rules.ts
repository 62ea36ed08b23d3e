import { createHash } from 'node:crypto';
import { QuizError, QuizErrorCode, quizOptionCountError } from './quiz-errors';

export const DEFAULT_CATEGORY = { slug: 'general', label: '通用' } as const;

/** A stable slug for a category label (a blank label is the default category). */
export function categoryOf(label: string | null | undefined): { slug: string; label: string } {
  const trimmed = (label ?? '').trim();
  if (!trimmed) return { ...DEFAULT_CATEGORY };
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
  explanation: string;
  categoryLabel?: string | null;
  options: { text: string }[];
  isActive?: boolean;
}

/** Checks a question as the admin form does (docs/product.md#validation), returning the cleaned options. */
export function validateQuestion(input: QuestionInput): { options: string[] } {
  if (!input.question?.trim()) throw new QuizError(QuizErrorCode.QUESTION_TEXT_REQUIRED);
  const options = (input.options ?? []).map((o) => (o?.text ?? '').trim()).filter(Boolean);
  if (options.length < 2 || options.length > 4) throw quizOptionCountError(options.length);
  if (!input.explanation?.trim()) throw new QuizError(QuizErrorCode.QUESTION_EXPLANATION_REQUIRED);
  return { options };
}
