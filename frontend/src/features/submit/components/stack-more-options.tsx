import { FieldError } from '@/features/submit/components/field-error';
import { MoreOptions } from '@/features/submit/components/more-options';
import {
  chosenHardwareClass,
  chosenVariant,
  runnableSelection,
  type SubmitFormErrors,
  type SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';
import { workloadDefaults } from '@/features/submit/utils/workload-defaults';
import type { Stack } from '@/types/api-models';

type StackMoreOptionsProps = {
  values: SubmitFormValues;
  errors: SubmitFormErrors;
  stacks: Stack[];
  onChange: (patch: Partial<SubmitFormValues>) => void;
};

/** The classes live workers reported, offered as suggestions; any class may be typed. */
function knownHardwareClasses(stacks: Stack[]): string[] {
  const classes = new Set<string>([workloadDefaults.hardwareClass]);
  for (const stack of stacks) for (const entry of stack.availability ?? []) classes.add(entry.hardwareClass);
  return [...classes].sort();
}

function versionNote(stack: Stack, values: SubmitFormValues): string {
  const version = values.stackVersions[stack.id];
  const variant = chosenVariant(values, stack);
  // The reference is the default configuration whenever that is measured too (buildWorkload).
  const variantNote = variant && !values.variantBesideDefault[stack.id] ? ` + ${variant}` : '';
  return (version && version !== stack.defaultVersion ? ` ${version}` : '') + variantNote;
}

/** Whom the others are compared with, and which workers run it. */
export function StackMoreOptions({ values, errors, stacks, onChange }: StackMoreOptionsProps) {
  const selected = runnableSelection(values, stacks);
  const candidates = stacks.filter((stack) => selected.includes(stack.id));
  // A reference that was unticked since is not sent (buildWorkload): the select says so too.
  const reference = candidates.some((stack) => stack.id === values.reference) ? values.reference : '';
  const changed = [
    ...(reference ? ['reference'] : []),
    ...(chosenHardwareClass(values) !== workloadDefaults.hardwareClass ? ['hardware class'] : []),
  ];

  return (
    <MoreOptions summary="More stack options" changed={changed}>
      <div className="field">
        <label htmlFor="reference">Reference stack</label>
        <select
          id="reference"
          value={reference}
          aria-describedby="reference-hint"
          onChange={(event) => onChange({ reference: event.target.value })}
        >
          <option value="">The fastest of each cell</option>
          {candidates.map((stack) => (
            <option key={stack.id} value={stack.id}>
              {stack.displayName}
              {versionNote(stack, values)}
            </option>
          ))}
        </select>
        <p id="reference-hint" className="hint">
          Every other stack is compared with it, round by round. Choose among the ticked stacks.
        </p>
      </div>
      <div className="field">
        <label htmlFor="hardware-class">Hardware class</label>
        <input
          id="hardware-class"
          type="text"
          list="hardware-classes"
          spellCheck={false}
          autoCapitalize="off"
          value={values.hardwareClass}
          placeholder={workloadDefaults.hardwareClass}
          aria-invalid={!!errors.hardwareClass}
          aria-describedby={errors.hardwareClass ? 'hardware-class-error' : 'hardware-class-hint'}
          onChange={(event) => onChange({ hardwareClass: event.target.value })}
        />
        <datalist id="hardware-classes">
          {knownHardwareClasses(stacks).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <p id="hardware-class-hint" className="hint">
          Which workers run it; results are compared only within one class. The stacks above show whether its
          workers can build them.
        </p>
        <FieldError id="hardware-class-error" message={errors.hardwareClass} />
      </div>
    </MoreOptions>
  );
}
