import { i18n } from '../../lib/i18n';
import type { AdminQuizQuestion, QuizCategory, SaveQuestionBody } from './api/types';

/**
 * docs/product.md#validation quiz admin form texts: the adminQuiz catalogue's, in the active language,
 * read at call time (the spec's Chinese wording kept in zh-CN; docs/architecture.md#language).
 */
export const questionRequired = () => i18n.t('adminQuiz:validation.questionRequired');
export const explanationRequired = () => i18n.t('adminQuiz:validation.explanationRequired');
export const optionCountMessage = (n: number) => i18n.t('adminQuiz:validation.optionCount', { n });
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;

export interface QuestionFormValues {
  /** Free text; blank means the default category. */
  categoryLabel: string;
  question: string;
  /** One option per line; the first line is the correct answer. */
  options: string;
  explanation: string;
  isActive: boolean;
}

export const EMPTY_QUESTION_FORM: QuestionFormValues = {
  categoryLabel: '',
  question: '',
  options: '',
  explanation: '',
  isActive: true,
};

/** The options typed one per line, trimmed, blank lines dropped. */
export const parseOptions = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** docs/product.md#validation rules, as @mantine/form validators (null when valid). */
export const questionFormRules = {
  question: (value: string) => (value.trim() ? null : questionRequired()),
  options: (value: string) => {
    const n = parseOptions(value).length;
    return n >= MIN_OPTIONS && n <= MAX_OPTIONS ? null : optionCountMessage(n);
  },
  explanation: (value: string) => (value.trim() ? null : explanationRequired()),
};

/** The form's values → the body of create and update (docs/product.md#calls). */
export function questionBody(values: QuestionFormValues): SaveQuestionBody {
  const category = values.categoryLabel.trim();
  return {
    question: values.question.trim(),
    explanation: values.explanation.trim(),
    categoryLabel: category || null,
    options: parseOptions(values.options).map((text) => ({ text })),
    isActive: values.isActive,
  };
}

/** The options in the order the editor typed them, the correct one first. */
export function orderedOptions(question: Pick<AdminQuizQuestion, 'options'>) {
  return question.options
    .slice()
    .sort((a, b) => Number(b.isCorrect) - Number(a.isCorrect) || a.originOrder - b.originOrder);
}

/** A stored question → the form's values for editing it. */
export function formValuesOf(question: AdminQuizQuestion): QuestionFormValues {
  return {
    categoryLabel: question.categoryLabel ?? '',
    question: question.question,
    options: orderedOptions(question)
      .map((option) => option.text)
      .join('\n'),
    explanation: question.explanation,
    isActive: question.isActive,
  };
}

/** Suggestions for the category field: each label once, in the order given. */
export const categorySuggestions = (categories: readonly QuizCategory[]): string[] =>
  Array.from(new Set(categories.map((c) => c.label).filter(Boolean)));
