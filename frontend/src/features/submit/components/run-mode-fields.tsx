import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import type { RunMode } from '@/features/submit/utils/workload-defaults';

const modeOptions: { value: RunMode; label: string; description: string }[] = [
  { value: 'measure', label: 'Measure', description: 'build, verify and measure every stack' },
  {
    value: 'check',
    label: 'Compatibility check',
    description: 'build, serve and verify every stack in every security mode; nothing is measured',
  },
];

type RunModeFieldsProps = {
  values: SubmitFormValues;
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

/** A measured run, or only whether each stack can serve the WSDL correctly: a check costs far less worker time. */
export function RunModeFields({ values, onChange }: RunModeFieldsProps) {
  return (
    <fieldset aria-describedby="mode-hint">
      <legend>What to run</legend>
      <div className="radio-list">
        {modeOptions.map((option) => (
          <label key={option.value}>
            <input
              id={`mode-${option.value}`}
              type="radio"
              name="mode"
              value={option.value}
              checked={values.mode === option.value}
              onChange={() => onChange({ mode: option.value })}
            />
            <span>
              {option.label} — {option.description}
            </span>
          </label>
        ))}
      </div>
      <p id="mode-hint" className="hint">
        {values.mode === 'check'
          ? 'A check sends no load: load, warm-up, repetitions, driver and dataset do not apply, and are not sent.'
          : 'Not sure the stacks can serve your WSDL? A compatibility check first says so for much less worker time.'}
      </p>
    </fieldset>
  );
}
