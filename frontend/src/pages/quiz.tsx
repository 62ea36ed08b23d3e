import { Container } from '@mantine/core';
import { QuizRunner } from '../features/quiz/components/QuizRunner';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';

/** /quiz (docs/product.md#screens, #states Quiz flow): a narrow page. Guarded by RequireSession. */
export default function QuizPage() {
  usePageTitle('Quiz');
  const { data } = useSession();
  return (
    <Container size="sm" py="xl">
      <QuizRunner email={data?.user.email ?? ''} />
    </Container>
  );
}
