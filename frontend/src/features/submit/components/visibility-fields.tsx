import { Link } from 'react-router';
import { FieldError } from '@/features/submit/components/field-error';
import type { SubmitFormErrors, SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import { visibilityOptions } from '@/lib/visibility';

type VisibilityFieldsProps = {
  values: SubmitFormValues;
  errors: SubmitFormErrors;
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

/**
 * Who will see the run, and the API token that makes a run private (the backend refuses a private
 * run without one). The token also owns the run: it can cancel it and sees it in the runs list.
 */
export function VisibilityFields({ values, errors, onChange }: VisibilityFieldsProps) {
  const hasToken = values.token.trim() !== '';
  const error = errors.visibility;
  return (
    <>
      <fieldset aria-describedby={error ? 'visibility-error' : undefined}>
        <legend>Visibility</legend>
        <div className="radio-list">
          {visibilityOptions.map((option) => (
            <label key={option.value}>
              <input
                type="radio"
                name="visibility"
                value={option.value}
                checked={values.visibility === option.value}
                aria-describedby={option.value === 'private' && !hasToken ? 'private-needs-token' : undefined}
                onChange={() => onChange({ visibility: option.value })}
              />
              <span>
                {option.label} — {option.description}
              </span>
            </label>
          ))}
        </div>
        {hasToken ? null : (
          <p id="private-needs-token" className="hint">
            Private needs an API token: enter yours below.
          </p>
        )}
        <FieldError id="visibility-error" message={error} />
      </fieldset>

      <div className="field">
        <label htmlFor="api-token">API token (optional)</label>
        <input
          id="api-token"
          type="password"
          autoComplete="off"
          value={values.token}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'api-token-hint visibility-error' : 'api-token-hint'}
          onChange={(event) => onChange({ token: event.target.value })}
        />
        <p id="api-token-hint" className="hint">
          Kept in this browser and sent as a Bearer token. <Link to="/ci">How to create one</Link>.
        </p>
      </div>
    </>
  );
}
