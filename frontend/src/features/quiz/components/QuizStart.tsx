import { Button, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALL_CATEGORIES } from '../api/get-quiz-questions';
import type { PlayerCategory } from '../categories';

export interface QuizStartProps {
  categories: PlayerCategory[];
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
  const { t } = useTranslation('quiz');
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      <NativeSelect
        label={t('category')}
        value={category}
        onChange={(event) => onCategoryChange(event.currentTarget.value)}
        data={[
          { value: ALL_CATEGORIES, label: t('allCategories') },
          ...categories.map((c) => ({ value: c.slug, label: c.label })),
        ]}
      />
      {questionCount !== undefined && (
        <Text size="sm" c="dimmed">
          {t('count', { count: questionCount })}
        </Text>
      )}
      <Button onClick={onStart} size="md">
        {t('start')}
      </Button>
    </Stack>
  );
}
