import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QuizRunner } from '../features/quiz/components/QuizRunner';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/quiz.json), loaded with its code. */
export const namespaces = ['quiz'];

/** /quiz (docs/product.md#screens, #states Quiz flow): a narrow page. Guarded by RequireSession. */
export default function QuizPage() {
  const { t, i18n } = useTranslation('quiz');
  usePageTitle(t('title'));
  const { data } = useSession();
  return (
    <Container size="sm" py="xl">
      {/* A language switch starts over in the new language: a deck keeps the texts it was dealt in, and one
          screen speaks one language (docs/architecture.md#language). */}
      <QuizRunner key={i18n.language} email={data?.user.email ?? ''} />
    </Container>
  );
}
