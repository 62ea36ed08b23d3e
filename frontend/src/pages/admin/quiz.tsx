import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QuestionBank } from '../../features/quiz/components/QuestionBank';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/adminQuiz.json), loaded with its code. */
export const namespaces = ['adminQuiz'];

/** /admin/quiz (docs/product.md#screens Admin routes): the quiz question bank. Guarded by RequireRole role="quiz-admin". */
export default function QuizAdminPage() {
  const { t } = useTranslation('adminQuiz');
  usePageTitle(t('title'));
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <QuestionBank />
      </Stack>
    </Container>
  );
}
