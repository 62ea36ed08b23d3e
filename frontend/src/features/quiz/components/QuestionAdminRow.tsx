import { Badge, Box, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { SafeMarkdown } from '../../../components/SafeMarkdown';
import { useDeleteQuestion } from '../api/delete-question';
import type { AdminQuizQuestion } from '../api/types';
import { orderedOptions } from '../question-form';

function DeleteQuestion({ question }: { question: AdminQuizQuestion }) {
  const { t } = useTranslation('adminQuiz');
  const remove = useDeleteQuestion();
  return (
    <ConfirmButton
      label={t('row.delete')}
      confirmLabel={t('row.confirmDelete')}
      onConfirm={() => remove.mutateAsync(question.id)}
      step={{ modal: { title: t('row.deleteTitle'), text: t('row.deleteText') } }}
    />
  );
}

export interface QuestionAdminRowProps {
  question: AdminQuizQuestion;
  onEdit: (question: AdminQuizQuestion) => void;
}

/**
 * One question of the bank (docs/product.md#screens): the question as Markdown, the options with the correct one
 * highlighted, the category, a 'not enabled' badge when inactive, the explanation, edit and delete.
 */
export function QuestionAdminRow({ question, onEdit }: QuestionAdminRowProps) {
  const { t } = useTranslation('adminQuiz');
  return (
    <Paper withBorder radius="md" p="md" component="article" data-question-id={question.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs">
            <Badge variant="light" radius="sm">
              {question.categoryLabel}
            </Badge>
            {!question.isActive && (
              <Badge color="gray" variant="filled" radius="sm">
                {t('row.notEnabled')}
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => onEdit(question)}>
              {t('row.edit')}
            </Button>
            <DeleteQuestion question={question} />
          </Group>
        </Group>
        <SafeMarkdown>{question.question}</SafeMarkdown>
        <List spacing={4} listStyleType="upper-alpha" aria-label={t('row.options')}>
          {orderedOptions(question).map((option) => (
            <List.Item key={option.id} data-correct={option.isCorrect || undefined}>
              {option.isCorrect ? (
                <Box
                  component="span"
                  px={6}
                  py={2}
                  bg="var(--mantine-color-green-light)"
                  c="var(--mantine-color-green-light-color)"
                  fw={600}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  {option.text} <span aria-label={t('row.correctAnswer')}>✓</span>
                </Box>
              ) : (
                option.text
              )}
            </List.Item>
          ))}
        </List>
        <Box>
          <Text size="sm" fw={600} c="dimmed">
            {t('row.explanation')}
          </Text>
          <SafeMarkdown>{question.explanation}</SafeMarkdown>
        </Box>
      </Stack>
    </Paper>
  );
}
