import { CiGuide } from '@/features/ci/components/ci-guide';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /ci: how to guard a service from CI with this instance. */
export function CiRoute() {
  useDocumentTitle('Guard a service from CI');
  return (
    <>
      <h1>Guard a service from CI</h1>
      <CiGuide origin={window.location.origin} />
    </>
  );
}
