import { ProblemAlert } from '@/components/ui/problem-alert';
import { isRateLimited, problemOf } from '@/lib/api-client';
import { formatDuration } from '@/lib/format';

type RequestErrorAlertProps = {
  error: unknown;
  /** What was refused, for any other failure: "The run was not accepted". */
  heading: string;
  /** What there were too many of, for a 429: "Too many submissions". */
  tooMany: string;
};

/**
 * A failed request: a rate limit says when to try again (nothing in the form is wrong), anything
 * else shows the server's problem with where each fault is.
 */
export function RequestErrorAlert({ error, heading, tooMany }: RequestErrorAlertProps) {
  if (!isRateLimited(error)) return <ProblemAlert heading={heading} problem={problemOf(error)} />;
  const seconds = error.problem.retryAfterSeconds;
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">
        {tooMany}: try again in {seconds === undefined ? 'a moment' : formatDuration(seconds)}
      </p>
      {error.problem.detail ? <p>{error.problem.detail}</p> : null}
    </div>
  );
}
