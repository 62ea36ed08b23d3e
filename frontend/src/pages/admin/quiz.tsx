import { PagePlaceholder } from '../../components/PagePlaceholder';

/** /admin/quiz (spec §2 Admin routes). Guarded by RequireRole role="quiz-admin". */
export default function QuizAdminPage() {
  return <PagePlaceholder title="quiz management" />;
}
