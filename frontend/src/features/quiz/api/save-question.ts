import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../../lib/api/client';
import { notifySuccess } from '../../../lib/notify';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { ADMIN_QUESTIONS_PATH, quizAdminQueryKey } from './get-admin-questions';
import type { SaveQuestionBody } from './types';

export const QUESTION_CREATED = '题目已创建';
export const QUESTION_UPDATED = '题目已更新';
export const SAVE_FAILED = '操作失败';

export interface SaveQuestionInput {
  /** Edits this question; without it a new one is created. */
  id?: string;
  body: SaveQuestionBody;
}

/** docs/product.md#calls: POST /api/quiz/admin/questions, or PUT /api/quiz/admin/questions/{id}; → {question}. */
export function saveQuestion({ id, body }: SaveQuestionInput) {
  return id
    ? api.PUT(`${ADMIN_QUESTIONS_PATH}/{id}`, { params: { path: { id } }, body })
    : api.POST(ADMIN_QUESTIONS_PATH, { body });
}

/** Refreshes the admin list and categories, and what players will load next. */
export function invalidateQuiz(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: quizAdminQueryKey }),
    client.invalidateQueries({ queryKey: ['quiz', 'questions'] }),
  ]);
}

export function useSaveQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    meta: { silent: true },
    onSuccess: (_answer, { id }) => {
      notifySuccess(id ? QUESTION_UPDATED : QUESTION_CREATED);
      return invalidateQuiz(client);
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: SAVE_FAILED,
        message: describeError(error, ADMIN_REQUEST_FAILED),
        withBorder: true,
      }),
  });
}
