import type { ReactNode } from 'react';
import { FieldError } from '@/features/submit/components/field-error';
import type { NumberBounds } from '@/features/submit/utils/workload-defaults';

type NumberFieldProps = {
  id: string;
  label: string;
  hint: ReactNode;
  value: string;
  bounds: NumberBounds;
  error?: string;
  /** Shown in the empty field: what the server uses when it is left blank. */
  placeholder?: string;
  onChange: (value: string) => void;
};

/** A labelled number with its hint, and its error in place of nothing once the form was checked. */
export function NumberField({
  id,
  label,
  hint,
  value,
  bounds,
  error,
  placeholder,
  onChange,
}: NumberFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode={bounds.integer ? 'numeric' : 'decimal'}
        // The form is noValidate: min and max serve the spinner and assistive technology; the form's
        // own message states the exact rule (an exclusive minimum such as "above 0" included).
        min={bounds.min}
        max={bounds.max === Number.MAX_SAFE_INTEGER ? undefined : bounds.max}
        step={bounds.integer ? 1 : 'any'}
        value={value}
        placeholder={placeholder}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
