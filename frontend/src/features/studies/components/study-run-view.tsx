import { CancelStudyRunButton } from '@/features/studies/components/cancel-study-run-button';
import { ClientServerCosts } from '@/features/studies/components/client-server-costs';
import { RatioTable } from '@/features/studies/components/ratio-table';
import { StudyCharts } from '@/features/studies/components/study-charts';
import { StudyProgress } from '@/features/studies/components/study-progress';
import { studyChartPanels } from '@/features/studies/utils/study-chart-options';
import { StatusBadge } from '@/components/ui/status-badge';
import { driverDescription } from '@/lib/driver';
import { formatDateTime } from '@/lib/format';
import type { Study, StudyRun } from '@/types/api-models';

type StudyRunViewProps = {
  studyRun: StudyRun;
  study?: Study;
  stackName: (id: string) => string;
};

export function StudyRunView({ studyRun, study, stackName }: StudyRunViewProps) {
  const sizeLabel = (size: string) =>
    study?.matrix.sizes?.find((candidate) => candidate.id === size)?.label ?? size;
  return (
    <>
      <section className="card" aria-labelledby="study-run-heading">
        <h2 id="study-run-heading" className="visually-hidden">
          Summary
        </h2>
        <p role="status" aria-label="Study run status" className="run-status">
          Study run status: <StatusBadge status={studyRun.status} />
        </p>
        <CancelStudyRunButton studyRun={studyRun} />
        {studyRun.probe ? (
          <p className="probe-note">
            A probe of this study, run with {studyRun.probe.label}: {studyRun.probe.question} Its figures
            never count as the study's own; the study's page sets them beside each claim.
          </p>
        ) : null}
        <p className="muted">Started {formatDateTime(studyRun.createdAt)}</p>
        <p data-driver={studyRun.driver ?? 'neutral'}>{driverDescription(studyRun.driver)}</p>
      </section>
      <StudyCharts panels={studyChartPanels(studyRun, study, stackName)} />
      <RatioTable comparisons={studyRun.comparisons} stackName={stackName} sizeLabel={sizeLabel} />
      <ClientServerCosts cells={studyRun.cells} stackName={stackName} sizeLabel={sizeLabel} />
      <StudyProgress cells={studyRun.cells} stackName={stackName} sizeLabel={sizeLabel} />
    </>
  );
}
