import { Button, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { ALL_CATEGORIES } from '../api/get-quiz-questions';
import type { QuizCategory } from '../api/types';

export interface QuizStartProps {
  categories: QuizCategory[];
  /** 'all' or a category slug. */
  category: string;
  onCategoryChange: (category: string) => void;
  onStart: () => void;
  /** Questions in the chosen category, when known. */
  questionCount?: number;
}

/** docs/product.md#states start screen: choose all questions or one category, then start. */
export function QuizStart({
  categories,
  category,
  onCategoryChange,
  onStart,
  questionCount,
}: QuizStartProps) {
  return (
    <Stack gap="md">
      <Title order={1}>Quiz</Title>
      <Text c="dimmed">
        Questions about the editor come one at a time, in random order, each with its own timer.
        Your answers are kept in this browser; starting again clears them.
      </Text>
      <NativeSelect
        label="category"
        value={category}
        onChange={(event) => onCategoryChange(event.currentTarget.value)}
        data={[
          { value: ALL_CATEGORIES, label: 'all categories' },
          ...categories.map((c) => ({ value: c.slug, label: c.label })),
        ]}
      />
      {questionCount !== undefined && (
        <Text size="sm" c="dimmed">
          {questionCount === 1 ? '1 question' : `${questionCount} questions`}
        </Text>
      )}
      <Button onClick={onStart} size="md">
        start quiz
      </Button>
    </Stack>
  );
}
