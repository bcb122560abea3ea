import { FieldError } from '@/features/submit/components/field-error';
import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import { securityModes, type SecurityMode } from '@/features/submit/utils/workload-defaults';

const modeDescriptions: Record<SecurityMode, string> = {
  plain: 'no WS-Security',
  username: 'a WS-Security UsernameToken',
  sign: 'a signed body (X.509)',
  signencr: 'a signed and encrypted body',
};

type SecurityCheckboxesProps = {
  values: SubmitFormValues;
  error?: string;
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

/** One cell per chosen mode; a stack that does not claim a mode says so under its own checkbox. */
export function SecurityCheckboxes({ values, error, onChange }: SecurityCheckboxesProps) {
  function toggle(mode: SecurityMode, checked: boolean) {
    const rest = values.security.filter((chosen) => chosen !== mode);
    // Kept in the schema's order, whatever the click order.
    const next = checked ? [...rest, mode] : rest;
    onChange({ security: securityModes.filter((candidate) => next.includes(candidate)) });
  }

  return (
    <fieldset
      className="subgroup"
      aria-describedby={error ? 'security-hint security-error' : 'security-hint'}
    >
      <legend>Security modes</legend>
      <div className="radio-list">
        {securityModes.map((mode) => (
          <label key={mode}>
            <input
              id={`security-${mode}`}
              type="checkbox"
              checked={values.security.includes(mode)}
              onChange={(event) => toggle(mode, event.target.checked)}
            />
            <span>
              {mode} — {modeDescriptions[mode]}
            </span>
          </label>
        ))}
      </div>
      <p id="security-hint" className="hint">
        Each mode is measured as its own cell, by the stacks that support it.
      </p>
      <FieldError id="security-error" message={error} />
    </fieldset>
  );
}
