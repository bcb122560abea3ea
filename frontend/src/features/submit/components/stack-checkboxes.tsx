import { useStacks } from '@/features/submit/api/get-stacks';
import { FieldError } from '@/features/submit/components/field-error';
import type { ReactNode } from 'react';
import { StackNotes, stackNoteIds } from '@/features/submit/components/stack-notes';
import { availabilityFor } from '@/features/submit/utils/stack-availability';
import { stackConcerns } from '@/features/submit/utils/stack-concerns';
import { securityAt } from '@/features/submit/utils/stack-security';
import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { VariantNote } from '@/components/ui/variant-note';
import { problemOf } from '@/lib/api-client';
import type { Analysis, Stack } from '@/types/api-models';

type StackCheckboxesProps = {
  values: SubmitFormValues;
  /** The class the run will be queued for: availability is shown for its workers. */
  hardwareClass: string;
  /** The chosen WSDL's analysis: which stacks cannot build it, or will likely fail its verification. */
  analysis?: Analysis;
  error?: string;
  onChange: (patch: Partial<SubmitFormValues>) => void;
  /** Options of the selection as a whole, shown under the stacks. */
  children?: ReactNode;
};

export function StackCheckboxes({
  values,
  hardwareClass,
  analysis,
  error,
  onChange,
  children,
}: StackCheckboxesProps) {
  const stacks = useStacks();

  function toggle(id: string, checked: boolean) {
    const rest = values.selectedStacks.filter((selected) => selected !== id);
    onChange({ selectedStacks: checked ? [...rest, id] : rest });
  }

  return (
    <fieldset aria-describedby={error ? 'stacks-error' : undefined}>
      <legend>Stacks</legend>
      {stacks.isPending ? <Loading what="stacks" /> : null}
      {stacks.isError ? (
        <ProblemAlert heading="Could not load the stacks" problem={problemOf(stacks.error)} />
      ) : null}
      <ul className="stack-options">
        {stacks.data?.map((stack) => {
          const availability = availabilityFor(stack, hardwareClass);
          const unavailable = availability.kind === 'unavailable';
          const concerns = stackConcerns(stack, values, analysis);
          return (
            <li
              key={stack.id}
              className={unavailable ? 'stack-option stack-option-unavailable' : 'stack-option'}
            >
              <input
                id={`stack-${stack.id}`}
                type="checkbox"
                checked={!unavailable && values.selectedStacks.includes(stack.id)}
                disabled={unavailable}
                aria-describedby={stackNoteIds(stack, concerns).join(' ')}
                onChange={(event) => toggle(stack.id, event.target.checked)}
              />
              <div>
                <label htmlFor={`stack-${stack.id}`} className="stack-name">
                  {stack.displayName}
                </label>
                <VersionChoice
                  stack={stack}
                  disabled={unavailable}
                  value={values.stackVersions[stack.id] ?? stack.defaultVersion}
                  onChange={(version) =>
                    onChange({ stackVersions: { ...values.stackVersions, [stack.id]: version } })
                  }
                />
                <VariantChoice
                  stack={stack}
                  disabled={unavailable}
                  value={values.stackVariants[stack.id] ?? ''}
                  besideDefault={!!values.variantBesideDefault[stack.id]}
                  onChange={(variant, besideDefault) =>
                    onChange({
                      stackVariants: { ...values.stackVariants, [stack.id]: variant },
                      variantBesideDefault: { ...values.variantBesideDefault, [stack.id]: besideDefault },
                    })
                  }
                />
                <p id={`stack-${stack.id}-features`} className="hint">
                  {describeFeatures(stack, values.stackVersions[stack.id])}
                </p>
                <StackNotes
                  stack={stack}
                  hardwareClass={hardwareClass}
                  availability={availability}
                  concerns={concerns}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError id="stacks-error" message={error} />
      {children}
    </fieldset>
  );
}

function VersionChoice({
  stack,
  value,
  disabled,
  onChange,
}: {
  stack: Stack;
  value: string;
  disabled: boolean;
  onChange: (version: string) => void;
}) {
  if (stack.versions.length <= 1) return <span className="muted"> {stack.defaultVersion}</span>;
  return (
    <select
      className="version-select"
      aria-label={`${stack.displayName} version`}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {stack.versions.map((version) => (
        <option key={version} value={version}>
          {version}
          {version === stack.defaultVersion ? ' (default)' : ''}
        </option>
      ))}
    </select>
  );
}

/**
 * A named configuration of the stack's server or native client (its manifest's variants), measured
 * instead of the default configuration or beside it.
 */
function VariantChoice({
  stack,
  value,
  besideDefault,
  disabled,
  onChange,
}: {
  stack: Stack;
  value: string;
  besideDefault: boolean;
  disabled: boolean;
  onChange: (variant: string, besideDefault: boolean) => void;
}) {
  const variants = stack.variants ?? [];
  if (variants.length === 0) return null;
  const chosen = variants.find((variant) => variant.id === value);
  return (
    <>
      <select
        className="variant-select"
        aria-label={`${stack.displayName} configuration`}
        value={chosen ? chosen.id : ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value, besideDefault)}
      >
        <option value="">default configuration</option>
        {variants.map((variant) => (
          <option key={variant.id} value={variant.id} title={variant.description ?? undefined}>
            + {variant.id}
          </option>
        ))}
      </select>
      {chosen ? (
        <>
          <label className="variant-beside">
            <input
              type="checkbox"
              checked={besideDefault}
              disabled={disabled}
              onChange={(event) => onChange(chosen.id, event.target.checked)}
            />{' '}
            and the default configuration beside it
          </label>
          <VariantNote variant={chosen} />
        </>
      ) : null}
    </>
  );
}

/** What the stack builds, its security modes those of the chosen version. */
export function describeFeatures(stack: Stack, version?: string): string {
  const features = stack.features ?? {};
  const security = securityAt(stack, version);
  const parts = [
    stack.language,
    features.soapVersions?.length ? `SOAP ${features.soapVersions.join(', ')}` : undefined,
    features.styles?.length ? features.styles.join(', ') : undefined,
    security?.length ? `security: ${security.join(', ')}` : undefined,
    features.mtom ? 'MTOM' : undefined,
  ];
  return parts.filter(Boolean).join(' · ');
}
