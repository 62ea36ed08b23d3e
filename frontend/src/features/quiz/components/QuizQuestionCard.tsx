import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeMarkdown } from '../../../components/SafeMarkdown';
import { formatTimer } from '../../../lib/format';
import { answerRecord, saveAnswer, type AnswerRecord } from '../answer-store';
import type { QuizQuestion } from '../api/types';
import { useElapsedSeconds } from '../use-elapsed-seconds';

export interface QuizQuestionCardProps {
  question: QuizQuestion;
  /** 1-based position in the quiz. */
  position: number;
  total: number;
  onNext: () => void;
}

/**
 * One question (docs/product.md#states): unanswered (choose an option, submit), then answered (options locked,
 * correct or incorrect with the correct answer, the explanation), then next. The timer counts up
 * until the answer is submitted. The parent gives each question its own key, so state starts fresh.
 */
export function QuizQuestionCard({ question, position, total, onNext }: QuizQuestionCardProps) {
  const { t } = useTranslation('quiz');
  const [startedAt] = useState(() => Date.now());
  const [selected, setSelected] = useState<string | null>(null);
  const [answer, setAnswer] = useState<AnswerRecord | null>(null);
  const elapsed = useElapsedSeconds(startedAt, answer === null);
  const isLast = position >= total;
  const correct = question.options.find((option) => option.isCorrect);

  const submit = () => {
    const chosen = question.options.find((option) => option.id === selected);
    if (!chosen || answer) return;
    const record = answerRecord(chosen.id, chosen.isCorrect, (Date.now() - startedAt) / 1000);
    saveAnswer(question.id, record);
    setAnswer(record);
  };

  const optionColour = (id: string, isCorrect: boolean) => {
    if (!answer) return id === selected ? 'var(--mantine-primary-color-filled)' : undefined;
    if (isCorrect) return 'var(--mantine-color-green-6)';
    if (id === answer.selectedOptionId) return 'var(--mantine-color-red-6)';
    return undefined;
  };

  return (
    <Stack gap="md" component="article" aria-label={t('question.label', { position, total })}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Text fw={600}>{t('question.progress', { position, total })}</Text>
          {question.categoryLabel && (
            <Badge variant="light" radius="sm">
              {question.categoryLabel}
            </Badge>
          )}
        </Group>
        <Text ff="monospace" role="timer" aria-label={t('question.timer')}>
          {formatTimer(answer ? answer.timeSpent : elapsed)}
        </Text>
      </Group>

      <Paper withBorder radius="md" p="md">
        <SafeMarkdown>{question.question}</SafeMarkdown>
      </Paper>

      <Radio.Group
        value={selected}
        onChange={(value) => {
          if (!answer) setSelected(value);
        }}
        disabled={answer !== null}
        label={t('question.choose')}
      >
        <Stack gap="xs" mt={4}>
          {question.options.map((option) => (
            <Paper
              key={option.id}
              withBorder
              radius="md"
              px="md"
              py="sm"
              style={{ borderColor: optionColour(option.id, option.isCorrect) }}
            >
              <Radio
                value={option.id}
                label={option.text}
                color={answer && option.isCorrect ? 'green' : undefined}
                // Locked options stay readable (Mantine greys out disabled labels).
                styles={answer ? { label: { color: 'var(--mantine-color-text)' } } : undefined}
              />
            </Paper>
          ))}
        </Stack>
      </Radio.Group>

      {answer === null ? (
        <Button onClick={submit} disabled={selected === null}>
          {t('question.submit')}
        </Button>
      ) : (
        <Stack gap="md">
          {answer.isCorrect ? (
            <Alert color="green" title={t('question.correct')} role="status">
              {t('question.wellDone')}
            </Alert>
          ) : (
            <Alert color="red" title={t('question.incorrect')} role="status">
              {t('question.correctAnswer', { answer: correct?.text ?? '-' })}
            </Alert>
          )}
          <Stack gap={4}>
            <Title order={2} fz="md">
              {t('question.explanation')}
            </Title>
            <SafeMarkdown>{question.explanation}</SafeMarkdown>
          </Stack>
          <Button onClick={onNext}>
            {isLast ? t('question.viewAnswers') : t('question.next')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
