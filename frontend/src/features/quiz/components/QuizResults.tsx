import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent, maskEmail } from '../../../lib/format';
import { formatMinutesSeconds } from '../../../lib/format';
import type { QuizStatistics } from '../statistics';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Paper>
  );
}

export interface QuizResultsProps {
  email: string;
  statistics: QuizStatistics;
  onRestart: () => void;
}

/** docs/product.md#screens /quiz results: masked e-mail, accuracy (one decimal), counts and total time. */
export function QuizResults({ email, statistics, onRestart }: QuizResultsProps) {
  const { t } = useTranslation('quiz');
  return (
    <Stack gap="md">
      <Title order={1}>{t('results.title')}</Title>
      {email && <Text c="dimmed">{maskEmail(email)}</Text>}
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
        <Stat label={t('results.accuracy')} value={formatPercent(statistics.accuracy)} />
        <Stat label={t('results.answered')} value={statistics.totalAnswered} />
        <Stat label={t('results.correct')} value={statistics.correctCount} />
        <Stat label={t('results.wrong')} value={statistics.wrongCount} />
        <Stat
          label={t('results.totalTime')}
          value={formatMinutesSeconds(statistics.totalTimeSpent)}
        />
      </SimpleGrid>
      <Button onClick={onRestart}>{t('results.restart')}</Button>
    </Stack>
  );
}
