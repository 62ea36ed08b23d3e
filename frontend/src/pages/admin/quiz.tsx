import { Container, Stack, Title } from '@mantine/core';
import { QuestionBank } from '../../features/quiz/components/QuestionBank';
import { usePageTitle } from '../../lib/use-page-title';

/** /admin/quiz (docs/product.md#screens Admin routes): the quiz question bank. Guarded by RequireRole role="quiz-admin". */
export default function QuizAdminPage() {
  usePageTitle('quiz management');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>quiz management</Title>
        <QuestionBank />
      </Stack>
    </Container>
  );
}
