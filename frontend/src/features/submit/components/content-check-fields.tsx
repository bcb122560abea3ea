import { FieldError } from '@/features/submit/components/field-error';
import { NumberField } from '@/features/submit/components/number-field';
import type {
  CheckKind,
  SubmitFormErrors,
  SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';
import { bounds } from '@/features/submit/utils/workload-defaults';

const checkOptions: { value: CheckKind; label: string }[] = [
  { value: 'none', label: 'None — HTTP status and SOAP Fault only' },
  { value: 'xpathCount', label: 'Count of elements at a path' },
  { value: 'bodySha256', label: 'SHA-256 of the SOAP Body' },
];

type ContentCheckFieldsProps = {
  values: SubmitFormValues;
  errors: SubmitFormErrors;
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

/** A check applied to every answer; an answer that fails it counts as a `content` error. */
export function ContentCheckFields({ values, errors, onChange }: ContentCheckFieldsProps) {
  return (
    <fieldset className="subgroup">
      <legend>Content check</legend>
      <div className="radio-list">
        {checkOptions.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="check-kind"
              value={option.value}
              checked={values.checkKind === option.value}
              onChange={() => onChange({ checkKind: option.value })}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>

      {values.checkKind === 'xpathCount' ? (
        <div className="field-grid">
          <div className="field">
            <label htmlFor="check-expr">Element path</label>
            <input
              id="check-expr"
              type="text"
              placeholder="//line"
              value={values.checkExpr}
              aria-invalid={!!errors.checkExpr}
              aria-describedby={errors.checkExpr ? 'check-expr-error' : 'check-expr-hint'}
              onChange={(event) => onChange({ checkExpr: event.target.value })}
            />
            <p id="check-expr-hint" className="hint">
              Child / and descendant // steps of local names, * for any.
            </p>
            <FieldError id="check-expr-error" message={errors.checkExpr} />
          </div>
          <NumberField
            id="check-equals"
            label="Expected count"
            hint="How many elements every answer must have there."
            value={values.checkEquals}
            bounds={bounds.checkEquals}
            error={errors.checkEquals}
            onChange={(checkEquals) => onChange({ checkEquals })}
          />
        </div>
      ) : null}

      {values.checkKind === 'bodySha256' ? (
        <div className="field">
          <label htmlFor="check-sha256">Body SHA-256</label>
          <input
            id="check-sha256"
            type="text"
            className="wide-input"
            spellCheck={false}
            value={values.checkSha256}
            aria-invalid={!!errors.checkSha256}
            aria-describedby={errors.checkSha256 ? 'check-sha256-error' : 'check-sha256-hint'}
            onChange={(event) => onChange({ checkSha256: event.target.value })}
          />
          <p id="check-sha256-hint" className="hint">
            Of the canonical SOAP Body: <code>benchtool digest FILE</code> prints it for a response.
          </p>
          <FieldError id="check-sha256-error" message={errors.checkSha256} />
        </div>
      ) : null}
    </fieldset>
  );
}
