import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';

export type OperationOption = { name: string; oneWay: boolean };

type OperationChoiceProps = {
  /** The analysed WSDL's operations; empty before an analysis. */
  options: OperationOption[];
  selected: string[];
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

/**
 * Which operations to measure. None ticked sends none, so the server measures every operation with a
 * response. An operation ticked before the analysis (a catalog default) stays listed so it can be unticked.
 */
export function OperationChoice({ options, selected, onChange }: OperationChoiceProps) {
  const listed = [
    ...options,
    ...selected
      .filter((name) => !options.some((option) => option.name === name))
      .map((name) => ({ name, oneWay: false })),
  ];

  function toggle(name: string, checked: boolean) {
    const rest = selected.filter((chosen) => chosen !== name);
    const next = checked ? [...rest, name] : rest;
    // In the WSDL's order, so the same choice always gives the same workload.
    onChange({
      operations: listed.map((option) => option.name).filter((candidate) => next.includes(candidate)),
    });
  }

  return (
    <fieldset className="subgroup" aria-describedby="operations-hint">
      <legend>Operations</legend>
      {listed.length > 0 ? (
        <div className="radio-list">
          {listed.map((option) => (
            <label key={option.name}>
              <input
                type="checkbox"
                checked={selected.includes(option.name)}
                // A one-way operation has no answer to time.
                disabled={option.oneWay && !selected.includes(option.name)}
                onChange={(event) => toggle(option.name, event.target.checked)}
              />
              <span>
                {option.name}
                {option.oneWay ? ' ' : null}
                {option.oneWay ? <span className="muted">(one-way: no answer to time)</span> : null}
              </span>
            </label>
          ))}
        </div>
      ) : null}
      <p id="operations-hint" className="hint">
        {listed.length > 0
          ? 'None ticked: every operation with a response.'
          : 'Once the WSDL is analysed its operations show here; until then every operation with a response is measured.'}
      </p>
    </fieldset>
  );
}
