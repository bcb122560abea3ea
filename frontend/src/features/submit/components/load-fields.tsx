import { LoadOptions } from '@/features/submit/components/load-options';
import { NumberField } from '@/features/submit/components/number-field';
import type { SubmitFormErrors, SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import { bounds, loadModels, type LoadModel } from '@/features/submit/utils/workload-defaults';
import type { Stack } from '@/types/api-models';

const modelDescriptions: Record<LoadModel, { label: string; description: string }> = {
  closed: { label: 'Closed', description: 'a fixed number of connections send requests back to back' },
  open: {
    label: 'Open',
    description:
      'requests arrive at a fixed rate; a late answer delays no one, its wait counts in its latency',
  },
  capacity: { label: 'Capacity', description: 'finds the highest rate whose p99 latency meets an objective' },
};

type LoadFieldsProps = {
  values: SubmitFormValues;
  errors: SubmitFormErrors;
  stacks: Stack[];
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

export function LoadFields({ values, errors, stacks, onChange }: LoadFieldsProps) {
  const model = values.loadModel;
  return (
    <fieldset>
      <legend>Load</legend>
      <fieldset className="subgroup">
        <legend>Load model</legend>
        <div className="radio-list">
          {loadModels.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="load-model"
                value={option}
                checked={model === option}
                onChange={() => onChange({ loadModel: option })}
              />
              <span>
                {modelDescriptions[option].label} — {modelDescriptions[option].description}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="field-grid">
        {model === 'closed' ? (
          <NumberField
            id="connections"
            label="Connections"
            hint="Concurrent connections, each sending its next request once the answer is in."
            value={values.connections}
            bounds={bounds.connections}
            error={errors.connections}
            onChange={(connections) => onChange({ connections })}
          />
        ) : null}
        {model === 'open' ? (
          <NumberField
            id="rate-per-second"
            label="Requests per second"
            hint="The arrival rate; latency is timed from each request's intended send time."
            value={values.ratePerSecond}
            bounds={bounds.ratePerSecond}
            error={errors.ratePerSecond}
            onChange={(ratePerSecond) => onChange({ ratePerSecond })}
          />
        ) : null}
        {model === 'capacity' ? (
          <NumberField
            id="slo-p99-ms"
            label="p99 objective (ms)"
            hint="The search keeps the highest rate whose 99th percentile latency stays within this."
            value={values.sloP99Ms}
            bounds={bounds.sloP99Ms}
            error={errors.sloP99Ms}
            onChange={(sloP99Ms) => onChange({ sloP99Ms })}
          />
        ) : null}
        {model !== 'capacity' && values.bound === 'requests' ? (
          <NumberField
            id="requests"
            label="Requests"
            hint="Measured requests over all connections."
            value={values.requests}
            bounds={bounds.requests}
            error={errors.requests}
            onChange={(requests) => onChange({ requests })}
          />
        ) : null}
        {model !== 'capacity' && values.bound === 'duration' ? (
          <NumberField
            id="duration-seconds"
            label="Duration (s)"
            hint="How long each measurement lasts, instead of a request count."
            value={values.durationSeconds}
            bounds={bounds.durationSeconds}
            error={errors.durationSeconds}
            onChange={(durationSeconds) => onChange({ durationSeconds })}
          />
        ) : null}
        <NumberField
          id="warmup"
          label="Warm-up requests"
          hint="Sent first and not measured."
          value={values.warmup}
          bounds={bounds.warmupRequests}
          error={errors.warmup}
          onChange={(warmup) => onChange({ warmup })}
        />
        <NumberField
          id="repetitions"
          label="Repetitions"
          hint="6 interleaved rounds are the least for a 95 % paired verdict; 8 also find a 10 % difference."
          value={values.repetitions}
          bounds={bounds.repetitions}
          error={errors.repetitions}
          onChange={(repetitions) => onChange({ repetitions })}
        />
      </div>

      <LoadOptions values={values} errors={errors} stacks={stacks} onChange={onChange} />
    </fieldset>
  );
}
