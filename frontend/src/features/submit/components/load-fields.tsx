import { FieldError } from '@/features/submit/components/field-error';
import type {
  SubmitFormErrors,
  SubmitFormField,
  SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';

type NumberField = Extract<SubmitFormField, 'connections' | 'requests' | 'warmup' | 'repetitions'>;

const fields: { name: NumberField; label: string; min: number; max: number; hint: string }[] = [
  {
    name: 'connections',
    label: 'Connections',
    min: 1,
    max: 1000,
    hint: 'Concurrent keep-alive connections.',
  },
  {
    name: 'requests',
    label: 'Requests',
    min: 1,
    max: 10_000_000,
    hint: 'Measured requests over all connections.',
  },
  {
    name: 'warmup',
    label: 'Warm-up requests',
    min: 0,
    max: 10_000_000,
    hint: 'Sent first and not measured.',
  },
  {
    name: 'repetitions',
    label: 'Repetitions',
    min: 1,
    max: 50,
    hint: '6 interleaved rounds are the least for a 95 % paired verdict; 8 also find a 10 % difference.',
  },
];

type LoadFieldsProps = {
  values: SubmitFormValues;
  errors: SubmitFormErrors;
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

export function LoadFields({ values, errors, onChange }: LoadFieldsProps) {
  return (
    <fieldset>
      <legend>Load</legend>
      <div className="field-grid">
        {fields.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={field.name}>{field.label}</label>
            <input
              id={field.name}
              type="number"
              inputMode="numeric"
              min={field.min}
              max={field.max}
              step={1}
              value={values[field.name]}
              aria-invalid={!!errors[field.name]}
              aria-describedby={errors[field.name] ? `${field.name}-error` : `${field.name}-hint`}
              onChange={(event) => onChange({ [field.name]: event.target.value })}
            />
            <p id={`${field.name}-hint`} className="hint">
              {field.hint}
            </p>
            <FieldError id={`${field.name}-error`} message={errors[field.name]} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
