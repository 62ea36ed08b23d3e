import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api } from '../../../lib/api/client';
import { notifySuccess } from '../../../lib/notify';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { i18n } from '../../../lib/i18n';
import { ADMIN_QUESTIONS_PATH } from './get-admin-questions';
import { invalidateQuiz } from './save-question';

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
      // docs/product.md#errors: '题目已删除' ('删除失败' on failure), in the active language.
      notifySuccess(i18n.t('adminQuiz:toast.deleted'));
      return invalidateQuiz(client);
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: i18n.t('adminQuiz:toast.deleteFailed'),
        message: describeError(error, adminRequestFailed()),
        withBorder: true,
      }),
  });
}
