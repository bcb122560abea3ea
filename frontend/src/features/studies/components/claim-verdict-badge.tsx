import { verdictLabel, verdictTone, type ClaimVerdict } from '@/features/studies/utils/describe-claim';

type ClaimVerdictBadgeProps = {
  verdict: ClaimVerdict;
  notEnoughData: boolean;
  reason?: string;
};

/** A claim's verdict as a badge with its reason; too few rounds read "not enough data", not a verdict. */
export function ClaimVerdictBadge({ verdict, notEnoughData, reason }: ClaimVerdictBadgeProps) {
  return (
    <>
      {notEnoughData ? (
        <span className="muted">{verdictLabel(verdict, true)}</span>
      ) : (
        <span className={`badge badge-${verdictTone(verdict)}`}>{verdictLabel(verdict, false)}</span>
      )}
      {reason ? <div className="muted small">{reason}</div> : null}
    </>
  );
}
