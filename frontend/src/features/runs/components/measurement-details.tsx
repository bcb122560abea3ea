import { bytesToMebibytes, formatNumber } from '@/lib/format';
import type { Run } from '@/types/api-models';

type Fingerprint = {
  cpuModel?: string;
  cores?: number;
  governor?: string;
  memoryBytes?: number;
  kernel?: string;
  jdk?: string;
  gcc?: string;
  cpuSharing?: 'pinned' | 'shared';
};

export function describeCpuSharing(
  sharing: string | undefined,
  cores: number | undefined,
): string | undefined {
  const cpus = cores ? `${cores} CPU${cores === 1 ? '' : 's'}` : 'their CPUs';
  if (sharing === 'shared') return `server and driver share ${cpus}`;
  if (sharing === 'pinned')
    return `server and driver pinned to disjoint CPU sets${cores ? ` of ${cpus}` : ''}`;
  return undefined;
}

export function fingerprintOf(run: Run): Fingerprint {
  return (run.fingerprint ?? {}) as Fingerprint;
}

/** How server and driver shared the CPUs: shared as soon as one measurement says so, since it then weighs on the figures. */
export function cpuSharingOf(run: Run): Fingerprint['cpuSharing'] {
  if (run.measurements.some((m) => m.cpuSharing === 'shared')) return 'shared';
  return fingerprintOf(run).cpuSharing ?? run.measurements.find((m) => m.cpuSharing)?.cpuSharing;
}

/** Where and how the figures were measured, so that two runs can be judged comparable or not. */
export function MeasurementDetails({ run }: { run: Run }) {
  const fingerprint = fingerprintOf(run);
  const sharing = cpuSharingOf(run);
  const configHash = run.configHash ?? run.measurements.find((m) => m.configHash)?.configHash;
  // Shared CPUs are a note beside the results (CpuSharingNote), not a detail to unfold.
  const sharingText = sharing === 'shared' ? undefined : describeCpuSharing(sharing, fingerprint.cores);
  if (!run.fingerprint && !configHash && !sharingText) return null;
  return (
    <details className="card measurement-details">
      <summary>Measurement details</summary>
      <dl className="facts">
        {sharingText ? (
          <>
            <dt>CPU sharing</dt>
            <dd>{sharingText}</dd>
          </>
        ) : null}
        {fingerprint.cpuModel ? (
          <>
            <dt>CPU</dt>
            <dd>
              {fingerprint.cpuModel}
              {fingerprint.cores ? `, ${fingerprint.cores} cores` : ''}
              {fingerprint.governor ? `, governor ${fingerprint.governor}` : ''}
            </dd>
          </>
        ) : null}
        {fingerprint.memoryBytes ? (
          <>
            <dt>Memory</dt>
            <dd>{formatNumber(bytesToMebibytes(fingerprint.memoryBytes) / 1024, 1)} GiB</dd>
          </>
        ) : null}
        {fingerprint.kernel ? (
          <>
            <dt>Kernel</dt>
            <dd>{fingerprint.kernel}</dd>
          </>
        ) : null}
        {fingerprint.jdk ? (
          <>
            <dt>JDK</dt>
            <dd>{fingerprint.jdk}</dd>
          </>
        ) : null}
        {fingerprint.gcc ? (
          <>
            <dt>gcc</dt>
            <dd>{fingerprint.gcc}</dd>
          </>
        ) : null}
        {configHash ? (
          <>
            <dt>Configuration hash</dt>
            <dd>
              <code>{configHash}</code>
            </dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}
