import type { ReactNode } from 'react';

type MoreOptionsProps = {
  summary: string;
  /** The options inside that differ from the defaults, named in the summary so a closed group hides nothing set. */
  changed: string[];
  children: ReactNode;
};

/**
 * Options whose defaults suit most runs, one click away. Left uncontrolled: the form opens it
 * itself when a field inside has an error (focusFirstInvalid).
 */
export function MoreOptions({ summary, changed, children }: MoreOptionsProps) {
  return (
    <details className="more-options">
      <summary>
        {summary}
        {changed.length > 0 ? ' ' : null}
        {changed.length > 0 ? <span className="muted">— set: {changed.join(', ')}</span> : null}
      </summary>
      <div className="more-options-body">{children}</div>
    </details>
  );
}
