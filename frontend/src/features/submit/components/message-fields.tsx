import { ContentCheckFields } from '@/features/submit/components/content-check-fields';
import { FieldError } from '@/features/submit/components/field-error';
import { MoreOptions } from '@/features/submit/components/more-options';
import { NumberField } from '@/features/submit/components/number-field';
import { OperationChoice, type OperationOption } from '@/features/submit/components/operation-choice';
import { SecurityCheckboxes } from '@/features/submit/components/security-checkboxes';
import { differsFrom } from '@/features/submit/utils/changed-options';
import type { SubmitFormErrors, SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import { bounds, workloadDefaults } from '@/features/submit/utils/workload-defaults';

type MessageFieldsProps = {
  values: SubmitFormValues;
  errors: SubmitFormErrors;
  operations: OperationOption[];
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

export function changedMessageOptions(values: SubmitFormValues): string[] {
  const changed: string[] = [];
  if (values.operations.length > 0) changed.push(`${values.operations.length} of the operations`);
  if (values.mode === 'measure' && values.dataset.trim()) changed.push('dataset');
  if (values.mtom) changed.push('MTOM');
  if (values.checkKind !== 'none') changed.push('content check');
  if (differsFrom(values.maxErrorRatio, workloadDefaults.maxErrorRatio)) changed.push('max error ratio');
  return changed;
}

/** What is sent and what counts as a good answer. */
export function MessageFields({ values, errors, operations, onChange }: MessageFieldsProps) {
  return (
    <fieldset>
      <legend>Messages</legend>
      <SecurityCheckboxes values={values} error={errors.security} onChange={onChange} />
      <MoreOptions summary="More message options" changed={changedMessageOptions(values)}>
        <OperationChoice options={operations} selected={values.operations} onChange={onChange} />
        {/* A compatibility check ignores the dataset (schemas/workload.schema.json). */}
        {values.mode === 'measure' ? (
          <div className="field">
            <label htmlFor="dataset">Request dataset</label>
            <input
              id="dataset"
              type="text"
              placeholder="echo/1kb"
              spellCheck={false}
              autoCapitalize="off"
              value={values.dataset}
              aria-invalid={!!errors.dataset}
              aria-describedby={errors.dataset ? 'dataset-error' : 'dataset-hint'}
              onChange={(event) => onChange({ dataset: event.target.value })}
            />
            <p id="dataset-hint" className="hint">
              A request sequence from datasets/ sent in order instead of one generated sample per operation,
              e.g. echo/1kb or seismic/requests-small. Blank: the samples.
            </p>
            <FieldError id="dataset-error" message={errors.dataset} />
          </div>
        ) : null}
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={values.mtom}
              aria-describedby="mtom-hint"
              onChange={(event) => onChange({ mtom: event.target.checked })}
            />{' '}
            MTOM
          </label>
          <p id="mtom-hint" className="hint">
            Send base64Binary content as binary MIME parts (XOP) and require XOP answers. Stacks that do not
            claim MTOM are refused; a content check cannot be combined with it, and the native driver only on
            stacks whose own client sends MTOM.
          </p>
        </div>
        <ContentCheckFields values={values} errors={errors} onChange={onChange} />
        <div className="field-grid">
          <NumberField
            id="max-error-ratio"
            label="Max error ratio"
            hint="A measurement with a larger share of errors is flagged and its stack not ranked (0.01 = 1 %)."
            value={values.maxErrorRatio}
            bounds={bounds.maxErrorRatio}
            error={errors.maxErrorRatio}
            onChange={(maxErrorRatio) => onChange({ maxErrorRatio })}
          />
        </div>
      </MoreOptions>
    </fieldset>
  );
}
