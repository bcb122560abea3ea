import { useState, type FormEvent } from 'react';
import { useStacks } from '@/features/submit/api/get-stacks';
import { useSubmitRun } from '@/features/submit/api/submit-run';
import { LoadFields } from '@/features/submit/components/load-fields';
import { SourceFields } from '@/features/submit/components/source-fields';
import { StackCheckboxes } from '@/features/submit/components/stack-checkboxes';
import { VisibilityFields } from '@/features/submit/components/visibility-fields';
import { defaultHardwareClass } from '@/features/submit/utils/stack-availability';
import {
  initialFormValues,
  toSubmitInput,
  validateSubmitForm,
  type SubmitFormErrors,
  type SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { problemOf } from '@/lib/api-client';
import { readApiToken, saveApiToken } from '@/lib/api-token';
import type { SubmittedRun } from '@/types/api-models';

const fieldOrder: [keyof SubmitFormErrors, string][] = [
  ['catalog', '#catalog'],
  ['file', '#wsdl-file'],
  ['selectedStacks', '.stack-options input:not(:disabled)'],
  ['connections', '#connections'],
  ['requests', '#requests'],
  ['warmup', '#warmup'],
  ['repetitions', '#repetitions'],
  // A private run without a token: the token is what is missing.
  ['visibility', '#api-token'],
];

// Runs before React re-renders the messages, so it finds fields by the errors just found, not by aria-invalid.
function focusFirstInvalid(form: HTMLFormElement, errors: SubmitFormErrors) {
  const first = fieldOrder.find(([field]) => errors[field]);
  if (first) form.querySelector<HTMLElement>(first[1])?.focus();
}

type SubmitFormProps = {
  onSubmitted: (run: SubmittedRun) => void;
};

export function SubmitForm({ onSubmitted }: SubmitFormProps) {
  const [values, setValues] = useState<SubmitFormValues>(() => initialFormValues(readApiToken()));
  const [errors, setErrors] = useState<SubmitFormErrors>({});
  const stacks = useStacks();
  const submission = useSubmitRun({ onSuccess: (run) => onSubmitted(run) });

  function update(patch: Partial<SubmitFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    // A field's message goes away as soon as it is edited; the rest stay until the next submit.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof SubmitFormErrors];
      // A token is what a private run was missing.
      if ('token' in patch) delete next.visibility;
      return next;
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSubmitForm(values, stacks.data ?? []);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget, found);
      return;
    }
    saveApiToken(values.token);
    submission.mutate(toSubmitInput(values, stacks.data ?? []));
  }

  return (
    <form className="card submit-form" onSubmit={handleSubmit} noValidate aria-labelledby="submit-heading">
      <h2 id="submit-heading">New benchmark run</h2>
      <SourceFields values={values} errors={errors} onChange={update} />
      <StackCheckboxes
        values={values}
        hardwareClass={defaultHardwareClass}
        error={errors.selectedStacks}
        onChange={update}
      />
      <LoadFields values={values} errors={errors} onChange={update} />

      <VisibilityFields values={values} errors={errors} onChange={update} />

      {submission.isError ? (
        <ProblemAlert heading="The run was not accepted" problem={problemOf(submission.error)} />
      ) : null}

      <div className="actions">
        <button type="submit" className="button" disabled={submission.isPending}>
          {submission.isPending ? 'Submitting…' : 'Start run'}
        </button>
      </div>
    </form>
  );
}
