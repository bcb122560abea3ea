import { describeAbHead } from '@/features/runs/utils/ab-head';
import type { Run } from '@/types/api-models';

/** Near the top of a run of two WSDLs: which stack is built from which WSDL. */
export function AbHeadNote({ run }: { run: Run }) {
  const sentence = describeAbHead(run);
  if (!sentence) return null;
  return (
    <p className="alert alert-info ab-head" role="note">
      {sentence}
    </p>
  );
}
