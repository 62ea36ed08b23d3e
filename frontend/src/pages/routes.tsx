import { PagePlaceholder } from '../components/PagePlaceholder';

/** /routes (spec §2): the API endpoints the product exposes. */
export default function RoutesPage() {
  return <PagePlaceholder title="API Documentation" />;
}
