import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../../lib/api/client';
import { notifySuccess } from '../../../lib/notify';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { i18n } from '../../../lib/i18n';
import { ADMIN_QUESTIONS_PATH, quizAdminQueryKey } from './get-admin-questions';
import type { SaveQuestionBody } from './types';

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
      // docs/product.md#errors: '题目已更新' / '题目已创建' ('操作失败' on failure), in the active language.
      notifySuccess(i18n.t(id ? 'adminQuiz:toast.updated' : 'adminQuiz:toast.created'));
      return invalidateQuiz(client);
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: i18n.t('adminQuiz:toast.saveFailed'),
        message: describeError(error, adminRequestFailed()),
        withBorder: true,
      }),
  });
}
