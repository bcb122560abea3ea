import {
  cpuSharingOf,
  describeCpuSharing,
  fingerprintOf,
} from '@/features/runs/components/measurement-details';
import type { Run } from '@/types/api-models';

/**
 * Said beside the results, not folded away: when server and driver share the CPUs, the driver's own
 * work takes CPU time from the server, and the figures hold only against runs measured the same way.
 */
export function CpuSharingNote({ run }: { run: Run }) {
  if (cpuSharingOf(run) !== 'shared') return null;
  return (
    <p className="alert alert-info cpu-sharing-note">
      <strong>CPU shared by server and driver:</strong>{' '}
      {describeCpuSharing('shared', fingerprintOf(run).cores)}, so the load generator takes CPU time from the
      server. Throughput is lower and latency higher than with the two pinned to separate CPUs; compare these
      figures only with runs measured the same way.
    </p>
  );
}
