import { Spinner } from '../../../components/Spinner';
import { Button, Center, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paginator } from '../../../components/Paginator';
import { clampPage, pageCount, pageSlice } from '../../../components/paging';
import { useAdminQuestions } from '../api/get-admin-questions';
import { useQuizCategories } from '../api/get-quiz-categories';
import type { AdminQuizQuestion } from '../api/types';
import { categorySuggestions } from '../question-form';
import { QuestionAdminRow } from './QuestionAdminRow';
import { QuestionForm } from './QuestionForm';

/** docs/product.md#constants: the quiz admin list shows 30 questions a page. */
export const QUESTIONS_PER_PAGE = 30;
const ALL = '';

/** The form is open for a question, or for a new one (question null); closed when null. */
type Editing = { question: AdminQuizQuestion | null } | null;

/**
 * The question bank (docs/product.md#screens /admin/quiz): category filter, question count, 30 a page with a
 * paginator, an add button, and the add/edit form in a modal. The server answers the whole
 * (filtered) list, so paging happens here.
 */
export function QuestionBank() {
  const { t } = useTranslation('adminQuiz');
  const [category, setCategory] = useState(ALL);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const top = useRef<HTMLDivElement>(null);
  const categories = useQuizCategories();
  const questions = useAdminQuestions(category || null);

  const list = useMemo(() => questions.data ?? [], [questions.data]);
  const pages = pageCount(list.length, QUESTIONS_PER_PAGE);
  const current = clampPage(page, pages);
  const visible = pageSlice(list, current, QUESTIONS_PER_PAGE);
  const suggestions = useMemo(() => categorySuggestions(categories.data ?? []), [categories.data]);

  const open = (question: AdminQuizQuestion | null) => setEditing({ question });
  const close = () => setEditing(null);

  return (
    <Stack gap="md" ref={top}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('category')}
            value={category}
            onChange={(event) => {
              setCategory(event.currentTarget.value);
              setPage(1);
            }}
            data={[
              { value: ALL, label: t('allCategories') },
              ...(categories.data ?? []).map((c) => ({ value: c.slug, label: c.label })),
            ]}
            w={220}
          />
          {questions.data && (
            <Text size="sm" c="dimmed" pb={8} aria-live="polite">
              {t('count', { count: list.length })}
            </Text>
          )}
        </Group>
        <Button onClick={() => open(null)}>{t('add')}</Button>
      </Group>

      {categories.isError && (
        <Text c="red" size="sm" role="alert">
          {t('fetchCategoriesFailed')}
        </Text>
      )}

      {questions.isPending ? (
        <Center py="lg" role="status">
          <Spinner label={t('loading')} inStatus />
        </Center>
      ) : questions.isError && !questions.data ? (
        <Text c="red" role="alert">
          {t('fetchQuestionsFailed')}
        </Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">{category ? t('emptyCategory') : t('empty')}</Text>
      ) : (
        <Stack gap="sm">
          {visible.map((question) => (
            <QuestionAdminRow key={question.id} question={question} onEdit={open} />
          ))}
          <Paginator
            page={current}
            total={pages}
            onChange={(next) => {
              setPage(next);
              top.current?.scrollIntoView({ block: 'start' });
            }}
            label={t('pages')}
          />
        </Stack>
      )}

      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.question ? t('edit') : t('add')}
        size="lg"
      >
        {editing && (
          <QuestionForm
            key={editing.question?.id ?? 'new'}
            question={editing.question}
            categorySuggestions={suggestions}
            onDone={close}
          />
        )}
      </Modal>
    </Stack>
  );
}
