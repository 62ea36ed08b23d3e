import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../../lib/api/client';
import { notifySuccess } from '../../../lib/notify';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { ADMIN_QUESTIONS_PATH } from './get-admin-questions';
import { invalidateQuiz } from './save-question';

export const QUESTION_DELETED = '题目已删除';
export const DELETE_FAILED = '删除失败';

/** docs/product.md#calls: DELETE /api/quiz/admin/questions/{id} → {success: true}. */
export function deleteQuestion(id: string) {
  return api.DELETE(`${ADMIN_QUESTIONS_PATH}/{id}`, { params: { path: { id } } });
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(QUESTION_DELETED);
      return invalidateQuiz(client);
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: DELETE_FAILED,
        message: describeError(error, ADMIN_REQUEST_FAILED),
        withBorder: true,
      }),
  });
}
