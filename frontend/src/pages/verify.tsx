import { PagePlaceholder } from '../components/PagePlaceholder';

/** /verify (spec §2): checks an API token. */
export default function VerifyPage() {
  return <PagePlaceholder title="Token Verification" />;
}
