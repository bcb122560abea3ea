import type { PolicyChoice } from '@/features/submit/utils/workload-defaults';
import {
  describeInformational,
  describeRequired,
  isRequired,
  policyWhere,
} from '@/features/submit/utils/wsdl-policies';
import type { Analysis } from '@/types/api-models';

type AnalysisPoliciesProps = {
  /** The analysis of the WSDL; undefined while there is none (e.g. it failed). */
  analysis: Analysis | undefined;
  policy: PolicyChoice;
  onPolicyChange: (policy: PolicyChoice) => void;
};

/**
 * The WS-Policies of the WSDL. One that requires something keeps every stack from being measured,
 * so it is named with the choice to measure without it; the others are listed for information.
 */
export function AnalysisPolicies({ analysis, policy, onPolicyChange }: AnalysisPoliciesProps) {
  const policies = analysis?.policies ?? [];
  const required = policies.filter(isRequired);
  const informational = policies.filter((entry) => !isRequired(entry));
  const removed = policy === 'remove';
  // A removal stays visible, and can be undone, even while there is no analysis to show.
  const offerChoice = required.length > 0 || removed;
  if (!offerChoice && informational.length === 0) return null;

  const describedBy = [
    required.length > 0 ? 'policy-required' : '',
    removed ? 'policy-removed-note' : '',
  ].filter(Boolean);
  return (
    <div className="analysis-policies">
      {offerChoice ? (
        <div className="field">
          {required.length > 0 ? (
            <p id="policy-required" className="alert alert-warning">
              {describeRequired(required)}
            </p>
          ) : null}
          <label className="checkbox-label">
            <input
              id="policy-remove"
              type="checkbox"
              checked={removed}
              aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
              onChange={(event) => onPolicyChange(event.target.checked ? 'remove' : 'keep')}
            />
            Measure without its policies
          </label>
          {removed ? (
            <p id="policy-removed-note" className="hint">
              {"The stacks are built from the WSDL with its policies taken out; the run's page will say so."}
            </p>
          ) : null}
        </div>
      ) : null}

      {informational.length > 0 ? (
        <>
          <h4 id="policy-list-heading">{required.length > 0 ? 'Other WS-Policies' : 'WS-Policies'}</h4>
          <p className="hint">For information only: nothing here is required of the requests.</p>
          <ul className="policy-list" aria-labelledby="policy-list-heading">
            {informational.map((entry, index) => (
              <li key={`${policyWhere(entry)}:${entry.id ?? ''}:${index}`}>{describeInformational(entry)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
