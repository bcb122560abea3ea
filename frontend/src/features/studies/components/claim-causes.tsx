import { Link, useNavigate } from 'react-router';
import { StartStudyButton } from '@/features/studies/components/start-study-button';
import { claimsWithProbes, probeFindingLabel } from '@/features/studies/utils/describe-probe';
import type { RatioComparison } from '@/types/api-models';

type ClaimCausesProps = {
  studyId: string;
  studyName: string;
  comparisons: RatioComparison[];
  stackName: (id: string) => string;
};

/**
 * The study's probes beside each claim: what changing one thing of the matrix (the driver, the stack
 * lines) did to our interval, whether that accounts for the difference from the article, the
 * probe's latest run one click away, and a button to run the probe again.
 */
export function ClaimCauses({ studyId, studyName, comparisons, stackName }: ClaimCausesProps) {
  const navigate = useNavigate();
  const claims = claimsWithProbes(comparisons);
  if (claims.length === 0) return null;
  const probes = claims[0][1].probes ?? [];
  return (
    <section className="card" aria-labelledby="causes-heading">
      <h2 id="causes-heading">What we measured to explain the differences</h2>
      <p className="muted">
        Each probe runs this study again with one thing changed. Where our interval moves onto the article's
        claim, that change accounts for the difference; where it stays put, it does not.
      </p>
      <ul className="probe-list">
        {probes.map((probe) => (
          <li key={probe.probe}>
            <strong>{probe.label}</strong>: {probe.question}{' '}
            {probe.studyRunId ? (
              <Link to={`/study-runs/${encodeURIComponent(probe.studyRunId)}`}>
                Its latest run{probe.status ? ` (${probe.status})` : ''}
              </Link>
            ) : (
              <span className="muted">Not run yet.</span>
            )}
            <StartStudyButton
              studyId={studyId}
              studyName={studyName}
              probe={{ id: probe.probe, label: probe.label }}
              onStarted={(studyRun) => navigate(`/study-runs/${encodeURIComponent(studyRun.id)}`)}
            />
          </li>
        ))}
      </ul>
      {claims.map(([index, comparison]) => (
        <article key={index} className="claim-causes" aria-label={`Causes: ${comparison.published.text}`}>
          <h3>
            {stackName(comparison.published.stack)} over {stackName(comparison.published.baseline)}
          </h3>
          <p className="muted small">“{comparison.published.text}”</p>
          <ul>
            {(comparison.probes ?? []).map((finding) => {
              const badge = probeFindingLabel(finding.accounts);
              return (
                <li key={finding.probe}>
                  <span className={`badge badge-${badge.tone}`}>{badge.text}</span> {finding.label}:{' '}
                  {finding.finding}
                </li>
              );
            })}
          </ul>
        </article>
      ))}
    </section>
  );
}
