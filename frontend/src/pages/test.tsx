import { PagePlaceholder } from '../components/PagePlaceholder';

/** /test (spec §2): developer test page for AI generation. */
export default function TestPage() {
  return <PagePlaceholder title="AI Generation Test" />;
}
