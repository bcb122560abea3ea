import type { StackAvailabilityState } from '@/features/submit/utils/stack-availability';
import type { Stack } from '@/types/api-models';

type StackNotesProps = {
  stack: Stack;
  hardwareClass: string;
  availability: StackAvailabilityState;
};

/** Where the stack can run and what is known wrong with it, under its checkbox. */
export function StackNotes({ stack, hardwareClass, availability }: StackNotesProps) {
  const defects = stack.knownDefects ?? [];
  return (
    <>
      <p id={`stack-${stack.id}-availability`} className={availabilityClass(availability)}>
        {availabilityText(availability, hardwareClass)}
      </p>
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
