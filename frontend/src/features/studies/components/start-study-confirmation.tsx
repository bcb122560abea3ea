import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useStudyEstimate } from '@/features/studies/api/estimate-study';
import { useStartStudy } from '@/features/studies/api/start-study';
import { parseRepetitions, studyRepetitionBounds } from '@/features/studies/utils/study-repetitions';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { problemOf } from '@/lib/api-client';
import { formatDuration, formatNumber, formatShortDateTime } from '@/lib/format';
import type { StudyEstimate, StudyRun } from '@/types/api-models';

type StartStudyConfirmationProps = {
  id: string;
  studyId: string;
  studyName: string;
  /** A probe of the study to run instead of the study itself. */
  probe?: string;
  onStarted: (studyRun: StudyRun) => void;
  onCancel: () => void;
};

/** `Start 40 runs, at most 3 h 10 min of worker time`: the estimate is an upper bound. */
export function describeStudyEstimate(estimate: StudyEstimate): string {
  const runs = `${formatNumber(estimate.runs)} run${estimate.runs === 1 ? '' : 's'}`;
  return `Start ${runs}, at most ${formatDuration(estimate.workerSeconds)} of worker time`;
}

/** What the same cells took when they last ran, beside the bound; nothing when they never did. */
function LastRunNote({ lastRun }: { lastRun: StudyEstimate['lastRun'] }) {
  if (!lastRun) return null;
  return (
    <p className="last-run-line">
      The same cells last took {formatDuration(lastRun.workerSeconds)} (
      <Link to={`/study-runs/${encodeURIComponent(lastRun.studyRunId)}`}>
        the run that ended {formatShortDateTime(lastRun.finishedAt)}
      </Link>
      ).
    </p>
  );
}

function pendingNote(estimate: StudyEstimate): string | null {
  if (estimate.pendingCells === 0) return null;
  return estimate.pendingCells === 1
    ? '1 cell no selected stack supports stays pending and is not sent.'
    : `${formatNumber(estimate.pendingCells)} cells no selected stack supports stay pending and are not sent.`;
}

export function StartStudyConfirmation({
  id,
  studyId,
  studyName,
  probe,
  onStarted,
  onCancel,
}: StartStudyConfirmationProps) {
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const override = parseRepetitions(typed);
  // The estimate follows the typing once it pauses; Confirm always sends what is typed now.
  const settled = parseRepetitions(useDebouncedValue(typed, 400));
  const estimate = useStudyEstimate(
    studyId,
    settled.ok ? settled.repetitions : undefined,
    settled.ok && override.ok,
    probe,
  );
  const start = useStartStudy({ onSuccess: onStarted });
  const inputId = `${id}-repetitions`;

  useEffect(() => {
    input.current?.focus();
  }, []);

  function confirm() {
    if (!override.ok) {
      input.current?.focus();
      return;
    }
    start.mutate({
      studyId,
      ...(override.repetitions === undefined ? {} : { repetitions: override.repetitions }),
      ...(probe === undefined ? {} : { probe }),
    });
  }

  return (
    <div id={id} className="start-study-confirmation" role="group" aria-label={`Start ${studyName}`}>
      <div className="field">
        <label htmlFor={inputId}>Repetitions</label>
        <input
          ref={input}
          id={inputId}
          type="number"
          inputMode="numeric"
          min={studyRepetitionBounds.min}
          max={studyRepetitionBounds.max}
          step={1}
          placeholder="the study's own"
          value={typed}
          aria-invalid={!override.ok}
          aria-describedby={override.ok ? `${inputId}-hint` : `${inputId}-error`}
          onChange={(event) => setTyped(event.target.value)}
        />
        <p id={`${inputId}-hint`} className="hint">
          1 to 50 rounds for every run. Empty: each method keeps the repetitions the study gives it.
        </p>
        {override.ok ? null : (
          <p id={`${inputId}-error`} className="field-error">
            {override.error}
          </p>
        )}
      </div>

      <div aria-live="polite" className="study-estimate">
        {override.ok && estimate.data ? (
          <>
            <p className="estimate-line">{describeStudyEstimate(estimate.data)}</p>
            <LastRunNote lastRun={estimate.data.lastRun} />
            {pendingNote(estimate.data) ? <p className="hint">{pendingNote(estimate.data)}</p> : null}
            <p className="hint">{estimate.data.basis}</p>
          </>
        ) : null}
        {override.ok && estimate.isPending && estimate.fetchStatus === 'fetching' ? (
          <p className="hint">Estimating the worker time…</p>
        ) : null}
        {override.ok && estimate.isError ? (
          <p className="hint">
            No estimate: {problemOf(estimate.error).title ?? 'the server did not answer'}.
          </p>
        ) : null}
      </div>

      {start.isError ? (
        <RequestErrorAlert
          error={start.error}
          heading="The study was not started"
          tooMany="Too many submissions"
        />
      ) : null}

      <div className="actions confirm-actions">
        <button type="button" className="button" disabled={start.isPending} onClick={confirm}>
          {start.isPending ? 'Starting…' : 'Confirm'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
