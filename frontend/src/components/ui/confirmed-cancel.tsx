import type { ApiError } from '@/lib/api-client';
import { problemOf } from '@/lib/api-client';

type ConfirmedCancelProps = {
  /** The button's words, e.g. "Cancel run". */
  label: string;
  /** What the confirmation dialog asks. */
  question: string;
  /** What failed, before the server's reason, e.g. "The run could not be cancelled". */
  failure: string;
  pending: boolean;
  error: ApiError | null;
  onConfirmed: () => void;
};

/** A cancel button that asks first, and says why the server refused when it did. */
export function ConfirmedCancel({
  label,
  question,
  failure,
  pending,
  error,
  onConfirmed,
}: ConfirmedCancelProps) {
  const problem = error ? problemOf(error) : undefined;
  return (
    <div className="run-cancel">
      <button
        type="button"
        className="button button-danger"
        disabled={pending}
        onClick={() => {
          if (window.confirm(question)) onConfirmed();
        }}
      >
        {pending ? 'Cancelling…' : label}
      </button>
      {problem ? (
        <p className="alert alert-error" role="alert">
          {failure}: {problem.detail ?? problem.title}
        </p>
      ) : null}
    </div>
  );
}
