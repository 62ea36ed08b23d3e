import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { clearAnswers, readAnswers } from '../answer-store';
import {
  ALL_CATEGORIES,
  quizQuestionsQueryOptions,
  useQuizQuestions,
} from '../api/get-quiz-questions';
import type { QuizQuestion } from '../api/types';
import { categoriesOf } from '../categories';
import { shuffleQuiz } from '../shuffle';
import { computeStatistics } from '../statistics';
import { QuizLoadError } from './QuizLoadError';
import { QuizQuestionCard } from './QuizQuestionCard';
import { QuizResults } from './QuizResults';
import { QuizStart } from './QuizStart';

type Phase =
  | { kind: 'start' }
  | { kind: 'loading' }
  | { kind: 'playing'; deck: QuizQuestion[]; index: number }
  | { kind: 'results'; deck: QuizQuestion[] }
  | { kind: 'empty' }
  | { kind: 'failed'; error: unknown };

/**
 * The quiz flow (docs/product.md#states): start screen → loading → questions one at a time → results; restart
 * returns to the start screen. The start screen's categories are those present in the questions.
 */
export function QuizRunner({ email }: { email: string }) {
  const { t } = useTranslation('quiz');
  const client = useQueryClient();
  const overview = useQuizQuestions();
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [phase, setPhase] = useState<Phase>({ kind: 'start' });

  const categories = useMemo(() => categoriesOf(overview.data ?? []), [overview.data]);
  const questionCount = useMemo(() => {
    if (!overview.data) return undefined;
    if (category === ALL_CATEGORIES) return overview.data.length;
    return overview.data.filter((q) => (q.categorySlug || q.categoryLabel) === category).length;
  }, [overview.data, category]);

  const start = async () => {
    clearAnswers();
    setPhase({ kind: 'loading' });
    try {
      const questions = await client.fetchQuery({
        ...quizQuestionsQueryOptions(category),
        staleTime: 0,
      });
      setPhase(
        questions.length > 0
          ? { kind: 'playing', deck: shuffleQuiz(questions), index: 0 }
          : { kind: 'empty' },
      );
    } catch (error) {
      setPhase({ kind: 'failed', error });
    }
  };

  const backToStart = () => setPhase({ kind: 'start' });

  if (phase.kind === 'loading') return <PageLoader label={t('loading')} />;
  if (phase.kind === 'failed') return <QuizLoadError error={phase.error} />;
  if (phase.kind === 'empty') {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t('noQuestions')}</Text>
        <Button variant="default" onClick={backToStart}>
          {t('back')}
        </Button>
      </Stack>
    );
  }
  if (phase.kind === 'playing') {
    const question = phase.deck[phase.index]!;
    const isLast = phase.index >= phase.deck.length - 1;
    return (
      <QuizQuestionCard
        key={`${phase.index}:${question.id}`}
        question={question}
        position={phase.index + 1}
        total={phase.deck.length}
        onNext={() =>
          setPhase(
            isLast ? { kind: 'results', deck: phase.deck } : { ...phase, index: phase.index + 1 },
          )
        }
      />
    );
  }
  if (phase.kind === 'results') {
    const statistics = computeStatistics(
      readAnswers(),
      phase.deck.map((q) => q.id),
    );
    return <QuizResults email={email} statistics={statistics} onRestart={backToStart} />;
  }

  // Start screen: it needs the questions' categories first.
  if (overview.isPending) return <PageLoader label={t('loading')} />;
  if (overview.isError) return <QuizLoadError error={overview.error} />;
  return (
    <QuizStart
      categories={categories}
      category={category}
      onCategoryChange={setCategory}
      onStart={() => void start()}
      questionCount={questionCount}
    />
  );
}
