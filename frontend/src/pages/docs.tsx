import { PagePlaceholder } from '../components/PagePlaceholder';

/** /docs (spec §2): the two-pane documentation site (Markdown stays inside this lazy page). */
export default function DocsPage() {
  return <PagePlaceholder title="Documentation" />;
}
