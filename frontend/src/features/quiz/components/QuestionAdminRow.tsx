import { Badge, Box, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { SafeMarkdown } from '../../../components/SafeMarkdown';
import { useDeleteQuestion } from '../api/delete-question';
import type { AdminQuizQuestion } from '../api/types';
import { orderedOptions } from '../question-form';

function DeleteQuestion({ question }: { question: AdminQuizQuestion }) {
  const remove = useDeleteQuestion();
  return (
    <ConfirmButton
      label="delete"
      confirmLabel="confirm delete"
      onConfirm={() => remove.mutateAsync(question.id)}
      step={{
        modal: {
          title: 'delete question',
          text: 'Delete this question? Players will no longer see it. This cannot be undone.',
        },
      }}
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
                not enabled
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => onEdit(question)}>
              edit
            </Button>
            <DeleteQuestion question={question} />
          </Group>
        </Group>
        <SafeMarkdown>{question.question}</SafeMarkdown>
        <List spacing={4} listStyleType="upper-alpha" aria-label="options">
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
                  {option.text} <span aria-label="correct answer">✓</span>
                </Box>
              ) : (
                option.text
              )}
            </List.Item>
          ))}
        </List>
        <Box>
          <Text size="sm" fw={600} c="dimmed">
            explanation
          </Text>
          <SafeMarkdown>{question.explanation}</SafeMarkdown>
        </Box>
      </Stack>
    </Paper>
  );
}
