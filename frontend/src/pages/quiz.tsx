import { PagePlaceholder } from '../components/PagePlaceholder';

/** /quiz (spec §2, §4 Quiz flow). Guarded by RequireSession. */
export default function QuizPage() {
  return <PagePlaceholder title="Quiz" />;
}
