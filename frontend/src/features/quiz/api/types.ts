/** The quiz's API types (generated from the server's contract, see lib/api/types.ts). */
export type {
  AdminQuizQuestion,
  QuizCategory,
  QuizQuestion,
  SaveQuestionBody,
} from '../../../lib/api/types';
