import { CheckboxField } from '@/features/submit/components/checkbox-field';
import { DriverFields } from '@/features/submit/components/driver-fields';
import { MoreOptions } from '@/features/submit/components/more-options';
import { NumberField } from '@/features/submit/components/number-field';
import { differsFrom } from '@/features/submit/utils/changed-options';
import type {
  MeasurementBound,
  SubmitFormErrors,
  SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';
import { bounds, workloadDefaults } from '@/features/submit/utils/workload-defaults';
import type { Stack } from '@/types/api-models';

const d = workloadDefaults;

const boundOptions: { value: MeasurementBound; label: string }[] = [
  { value: 'requests', label: 'A request count' },
  { value: 'duration', label: 'A duration' },
];

type LoadOptionsProps = {
  values: SubmitFormValues;
  errors: SubmitFormErrors;
  stacks: Stack[];
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

export function changedLoadOptions(values: SubmitFormValues): string[] {
  const model = values.loadModel;
  const changed: string[] = [];
  if (model !== 'capacity' && values.bound === 'duration') changed.push('duration');
  if (model !== 'closed' && differsFrom(values.maxConnections, d.maxConnections))
    changed.push('max connections');
  if (model === 'capacity' && values.ratePerSecond.trim()) changed.push('first rate');
  if (model === 'capacity' && values.durationSeconds.trim()) changed.push('step length');
  if (model !== 'capacity' && differsFrom(values.minSeconds, d.minSeconds)) changed.push('minimum seconds');
  if (differsFrom(values.warmupSeconds, d.warmupSeconds)) changed.push('warm-up seconds');
  if (!values.keepAlive) changed.push('keep-alive off');
  if (model !== 'capacity' && values.coldStart) changed.push('cold start');
  if (values.driver === 'native') changed.push('native client');
  return changed;
}

/** How each measurement is bounded and sent: the load's options whose defaults suit most runs. */
export function LoadOptions({ values, errors, stacks, onChange }: LoadOptionsProps) {
  const model = values.loadModel;
  return (
    <MoreOptions summary="More load options" changed={changedLoadOptions(values)}>
      {model !== 'capacity' ? (
        <fieldset className="subgroup">
          <legend>Each measurement ends after</legend>
          <div className="radio-row">
            {boundOptions.map((option) => (
              <label key={option.value}>
                <input
                  type="radio"
                  name="bound"
                  value={option.value}
                  checked={values.bound === option.value}
                  onChange={() => onChange({ bound: option.value })}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className="field-grid">
        {model !== 'closed' ? (
          <NumberField
            id="max-connections"
            label="Max connections"
            hint="The most connections the driver opens; arrivals beyond them wait, and the wait counts."
            value={values.maxConnections}
            bounds={bounds.maxConnections}
            error={errors.maxConnections}
            onChange={(maxConnections) => onChange({ maxConnections })}
          />
        ) : null}
        {model === 'capacity' ? (
          <>
            <NumberField
              id="rate-per-second"
              label="First rate (requests per second)"
              hint={`Where the search starts; blank: ${d.capacityFirstRate}.`}
              placeholder={String(d.capacityFirstRate)}
              value={values.ratePerSecond}
              bounds={bounds.ratePerSecond}
              error={errors.ratePerSecond}
              onChange={(ratePerSecond) => onChange({ ratePerSecond })}
            />
            <NumberField
              id="duration-seconds"
              label="Step length (s)"
              hint={`How long each rate is tried; blank: ${d.capacityStepSeconds} s.`}
              placeholder={String(d.capacityStepSeconds)}
              value={values.durationSeconds}
              bounds={bounds.durationSeconds}
              error={errors.durationSeconds}
              onChange={(durationSeconds) => onChange({ durationSeconds })}
            />
          </>
        ) : (
          <NumberField
            id="min-seconds"
            label="Minimum seconds"
            hint="A shorter measurement is repeated with more requests until it lasts this long; 0 turns that off."
            value={values.minSeconds}
            bounds={bounds.minSeconds}
            error={errors.minSeconds}
            onChange={(minSeconds) => onChange({ minSeconds })}
          />
        )}
        <NumberField
          id="warmup-seconds"
          label="Warm-up seconds"
          hint="Load sent after the warm-up requests, also not measured. Java stacks get at least 15 s anyway."
          value={values.warmupSeconds}
          bounds={bounds.warmupSeconds}
          error={errors.warmupSeconds}
          onChange={(warmupSeconds) => onChange({ warmupSeconds })}
        />
      </div>

      <CheckboxField
        id="keep-alive"
        label="Keep-alive"
        checked={values.keepAlive}
        hint="Off: every request opens a new connection, as some older benchmarks measured."
        onChange={(keepAlive) => onChange({ keepAlive })}
      />

      {model !== 'capacity' ? (
        <CheckboxField
          id="cold-start"
          label="Cold start"
          checked={values.coldStart}
          hint="Each measurement on a server started just before it, with no JIT warm-up: what the first calls after a deployment cost. Measurements are then never lengthened to the minimum seconds."
          onChange={(coldStart) => onChange({ coldStart })}
        />
      ) : null}

      <DriverFields values={values} error={errors.driver} stacks={stacks} onChange={onChange} />
    </MoreOptions>
  );
}
