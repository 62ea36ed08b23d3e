import { i18n } from '../../lib/i18n';
import type { AdminQuizQuestion, QuizCategory, SaveQuestionBody } from './api/types';

/**
 * docs/product.md#validation quiz admin form texts: the adminQuiz catalogue's, in the active language,
 * read at call time (the spec's Chinese wording kept in zh-CN; docs/architecture.md#language).
 */
export const questionRequired = () => i18n.t('adminQuiz:validation.questionRequired');
export const explanationRequired = () => i18n.t('adminQuiz:validation.explanationRequired');
export const optionCountMessage = (n: number) => i18n.t('adminQuiz:validation.optionCount', { n });
export const optionsEnCountMessage = (n: number, expected: number) =>
  i18n.t('adminQuiz:validation.optionsEnCount', { n, expected });
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;

/**
 * The form: Chinese texts and their English counterparts (docs/product.md, quiz: the bank holds both; a
 * player reading one language gets the other's text where theirs is empty).
 */
export interface QuestionFormValues {
  /** Free text; blank means the default category; an existing category's label (either language) is that category. */
  categoryLabel: string;
  categoryLabelEn: string;
  question: string;
  questionEn: string;
  /** One option per line; the first line is the correct answer. */
  options: string;
  /** The options in English, line by line in the same order (or empty). */
  optionsEn: string;
  explanation: string;
  explanationEn: string;
  isActive: boolean;
}

export const EMPTY_QUESTION_FORM: QuestionFormValues = {
  categoryLabel: '',
  categoryLabelEn: '',
  question: '',
  questionEn: '',
  options: '',
  optionsEn: '',
  explanation: '',
  explanationEn: '',
  isActive: true,
};

/** The options typed one per line, trimmed, blank lines dropped. */
export const parseOptions = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** docs/product.md#validation rules, as @mantine/form validators (null when valid). */
/** Each text in either language: the question and the explanation need one of the two. */
export const questionFormRules = {
  question: (value: string, values: QuestionFormValues = EMPTY_QUESTION_FORM) =>
    value.trim() || values.questionEn.trim() ? null : questionRequired(),
  options: (value: string, values: QuestionFormValues = EMPTY_QUESTION_FORM) => {
    const n = Math.max(parseOptions(value).length, parseOptions(values.optionsEn).length);
    return n >= MIN_OPTIONS && n <= MAX_OPTIONS ? null : optionCountMessage(n);
  },
  optionsEn: (value: string, values: QuestionFormValues = EMPTY_QUESTION_FORM) => {
    const n = parseOptions(value).length;
    const expected = parseOptions(values.options).length;
    return n === 0 || expected === 0 || n === expected ? null : optionsEnCountMessage(n, expected);
  },
  explanation: (value: string, values: QuestionFormValues = EMPTY_QUESTION_FORM) =>
    value.trim() || values.explanationEn.trim() ? null : explanationRequired(),
};

/** The form's values → the body of create and update (docs/product.md#calls). */
export function questionBody(values: QuestionFormValues): SaveQuestionBody {
  const zh = parseOptions(values.options);
  const en = parseOptions(values.optionsEn);
  return {
    question: values.question.trim(),
    questionEn: values.questionEn.trim(),
    explanation: values.explanation.trim(),
    explanationEn: values.explanationEn.trim(),
    categoryLabel: values.categoryLabel.trim() || null,
    categoryLabelEn: values.categoryLabelEn.trim() || null,
    options: Array.from({ length: Math.max(zh.length, en.length) }, (_, i) => ({
      text: zh[i] ?? '',
      textEn: en[i] ?? '',
    })),
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
  const options = orderedOptions(question);
  const lines = (texts: string[]) => (texts.some(Boolean) ? texts.join('\n') : '');
  return {
    categoryLabel: question.categoryLabel ?? '',
    categoryLabelEn: question.categoryLabelEn ?? '',
    question: question.question,
    questionEn: question.questionEn ?? '',
    options: lines(options.map((option) => option.text)),
    optionsEn: lines(options.map((option) => option.textEn ?? '')),
    explanation: question.explanation,
    explanationEn: question.explanationEn ?? '',
    isActive: question.isActive,
  };
}

/** Suggestions for the category field: each label once, in the order given. */
export const categorySuggestions = (categories: readonly QuizCategory[]): string[] =>
  Array.from(new Set(categories.map((c) => c.label).filter(Boolean)));
