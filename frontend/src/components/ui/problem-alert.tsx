import type { Problem, ProblemItem } from '@/types/api-models';

type ProblemAlertProps = {
  problem: Problem;
  heading?: string;
};

export function ProblemAlert({ problem, heading }: ProblemAlertProps) {
  const errors = problem.errors ?? [];
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">
        {heading ? `${heading}: ` : ''}
        {problem.title ?? 'Something went wrong'}
        {problem.status ? <span className="muted"> (HTTP {problem.status})</span> : null}
      </p>
      {problem.detail ? <p>{problem.detail}</p> : null}
      {errors.length > 0 ? (
        <ul className="problem-errors">
          {errors.map((item, index) => (
            <li key={index}>
              {describeWhere(item) ? <code>{describeWhere(item)}</code> : null}
              {describeWhere(item) ? ' ' : null}
              {item.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function describeWhere(item: ProblemItem): string {
  if (item.file) {
    const position = [item.line, item.column].filter((part) => part !== undefined && part !== null);
    return [item.file, ...position].join(':');
  }
  return item.field ?? '';
}
