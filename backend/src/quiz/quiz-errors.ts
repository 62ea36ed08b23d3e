import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum QuizErrorCode {
  QUIZ_PLAN_REQUIRED = 'QUIZ_PLAN_REQUIRED',
  QUESTION_NOT_FOUND = 'QUESTION_NOT_FOUND',
  QUESTION_TEXT_REQUIRED = 'QUESTION_TEXT_REQUIRED',
  /** 2 to 4 options: the text names the count given (quizOptionCountError). */
  QUESTION_OPTION_COUNT = 'QUESTION_OPTION_COUNT',
  QUESTION_EXPLANATION_REQUIRED = 'QUESTION_EXPLANATION_REQUIRED',
}

export const QUIZ_ERRORS: ErrorTable<QuizErrorCode> = {
  [QuizErrorCode.QUIZ_PLAN_REQUIRED]: {
    status: 403,
    text: 'a valid plan is needed to access the quiz',
  },
  [QuizErrorCode.QUESTION_NOT_FOUND]: { status: 404, text: 'Question not found' },
  [QuizErrorCode.QUESTION_TEXT_REQUIRED]: { status: 400, text: '题目内容不能为空' },
  [QuizErrorCode.QUESTION_OPTION_COUNT]: { status: 400, text: '选项数量必须在2-4个之间' },
  [QuizErrorCode.QUESTION_EXPLANATION_REQUIRED]: { status: 400, text: '解析不能为空' },
};

export class QuizError extends DomainError<QuizErrorCode> {
  constructor(code: QuizErrorCode, options?: DomainErrorOptions) {
    super(code, QUIZ_ERRORS[code], options);
  }
}

/** '选项数量必须在2-4个之间（当前有 n 个）'. */
export const quizOptionCountError = (count: number) =>
  new QuizError(QuizErrorCode.QUESTION_OPTION_COUNT, {
    text: `${QUIZ_ERRORS[QuizErrorCode.QUESTION_OPTION_COUNT].text}（当前有 ${count} 个）`,
  });
