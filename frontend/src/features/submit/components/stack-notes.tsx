import type { StackAvailabilityState } from '@/features/submit/utils/stack-availability';
import type { StackConcerns } from '@/features/submit/utils/stack-concerns';
import type { Stack } from '@/types/api-models';

type StackNotesProps = {
  stack: Stack;
  hardwareClass: string;
  availability: StackAvailabilityState;
  concerns?: StackConcerns;
};

/** The ids of the notes StackNotes shows for a stack, for its checkbox's aria-describedby. */
export function stackNoteIds(stack: Stack, concerns: StackConcerns = {}): string[] {
  const ids = [`stack-${stack.id}-features`, `stack-${stack.id}-availability`];
  if (stack.knownDefects?.length) ids.push(`stack-${stack.id}-defects`);
  for (const kind of concernKinds) if (concerns[kind]) ids.push(`stack-${stack.id}-${kind}`);
  return ids;
}

const concernKinds = ['security', 'native', 'analysis'] as const;

/** Where the stack can run, what is known wrong with it, and what of this workload it cannot do. */
export function StackNotes({ stack, hardwareClass, availability, concerns = {} }: StackNotesProps) {
  const defects = stack.knownDefects ?? [];
  return (
    <>
      <p id={`stack-${stack.id}-availability`} className={availabilityClass(availability)}>
        {availabilityText(availability, hardwareClass)}
      </p>
      {concernKinds.map((kind) =>
        concerns[kind] ? (
          <p key={kind} id={`stack-${stack.id}-${kind}`} className="hint stack-concern">
            {concerns[kind]}
          </p>
        ) : null,
      )}
      {defects.length > 0 ? (
        <details className="known-defects">
          <summary id={`stack-${stack.id}-defects`}>
            Known defects: {defects.map((defect) => defect.feature).join(', ')}
          </summary>
          <ul>
            {defects.map((defect) => (
              <li key={defect.feature}>
                <code>{defect.feature}</code> — {defect.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function availabilityText(availability: StackAvailabilityState, hardwareClass: string): string {
  switch (availability.kind) {
    case 'available':
      return `Available on ${hardwareClass} workers.`;
    case 'unavailable':
      return `Unavailable on ${hardwareClass} workers: ${availability.reason}`;
    case 'unreported':
      return availability.message;
  }
}

function availabilityClass(availability: StackAvailabilityState): string {
  return availability.kind === 'unavailable' ? 'hint stack-unavailable' : 'hint';
}
