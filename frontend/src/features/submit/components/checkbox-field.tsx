import type { ReactNode } from 'react';

type CheckboxFieldProps = {
  id: string;
  label: string;
  checked: boolean;
  /** What ticking it changes, under the box and read with it. */
  hint: ReactNode;
  onChange: (checked: boolean) => void;
};

/** One on/off option of the workload, with the hint that says what it does. */
export function CheckboxField({ id, label, checked, hint, onChange }: CheckboxFieldProps) {
  return (
    <div className="field">
      <label className="checkbox-label">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </div>
  );
}
