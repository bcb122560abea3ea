import { FieldError } from '@/features/submit/components/field-error';
import { nativeDriverBlockers } from '@/features/submit/utils/native-driver';
import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import type { Driver } from '@/features/submit/utils/workload-defaults';
import type { Stack } from '@/types/api-models';

const driverOptions: { value: Driver; label: string; description: string }[] = [
  {
    value: 'neutral',
    label: 'Neutral driver',
    description: "SOAPBench's own load driver, the same for every stack",
  },
  {
    value: 'native',
    label: 'Native client',
    description: "each stack's own generated client, as the 2010 articles measured",
  },
];

type DriverFieldsProps = {
  values: SubmitFormValues;
  error?: string;
  stacks: Stack[];
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

/**
 * What sends the measured load. The native client is offered only for a workload it can send;
 * once chosen it stays selectable, and the form says what the workload must change instead.
 */
export function DriverFields({ values, error, stacks, onChange }: DriverFieldsProps) {
  const blockers = nativeDriverBlockers(values, stacks);
  const describedBy = error ? 'driver-hint driver-error' : 'driver-hint';
  return (
    <fieldset className="subgroup" aria-describedby={describedBy}>
      <legend>Driver</legend>
      <div className="radio-list">
        {driverOptions.map((option) => (
          <label key={option.value}>
            <input
              id={`driver-${option.value}`}
              type="radio"
              name="driver"
              value={option.value}
              checked={values.driver === option.value}
              disabled={option.value === 'native' && blockers.length > 0 && values.driver !== 'native'}
              onChange={() => onChange({ driver: option.value })}
            />
            <span>
              {option.label} — {option.description}
            </span>
          </label>
        ))}
      </div>
      <p id="driver-hint" className="hint">
        {blockers.length > 0
          ? `The native client is not available: ${blockers.join('; ')}.`
          : 'The native client times client and server together; warm-up and verification still go through the neutral driver.'}
      </p>
      <FieldError id="driver-error" message={error} />
    </fieldset>
  );
}
