import { useState, type FormEvent } from 'react';
import { useWsdlAnalysis, type AnalysisSource } from '@/features/submit/api/analyze-wsdl';
import { useStacks } from '@/features/submit/api/get-stacks';
import { useSubmitRun } from '@/features/submit/api/submit-run';
import { AnalysisPreview } from '@/features/submit/components/analysis-preview';
import { LoadFields } from '@/features/submit/components/load-fields';
import { MessageFields } from '@/features/submit/components/message-fields';
import { RunModeFields } from '@/features/submit/components/run-mode-fields';
import type { OperationOption } from '@/features/submit/components/operation-choice';
import { SourceFields } from '@/features/submit/components/source-fields';
import { StackCheckboxes } from '@/features/submit/components/stack-checkboxes';
import { StackMoreOptions } from '@/features/submit/components/stack-more-options';
import { VisibilityFields } from '@/features/submit/components/visibility-fields';
import { WorkloadEstimate } from '@/features/submit/components/workload-estimate';
import { WorkloadExport } from '@/features/submit/components/workload-export';
import { buildWorkload } from '@/features/submit/utils/build-workload';
import {
  chosenHardwareClass,
  initialFormValues,
  isZipFile,
  type SubmitFormErrors,
  type SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';
import { toSubmitInput } from '@/features/submit/utils/to-submit-input';
import {
  checkWsdlFile,
  validateSubmitForm,
  validateWorkloadFields,
} from '@/features/submit/utils/validate-submit-form';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { readApiToken, saveApiToken } from '@/lib/api-token';
import type { Analysis, Stack, SubmittedRun } from '@/types/api-models';

// In the order the fields appear, so the first message read is the first field to fix.
const fieldOrder: [keyof SubmitFormErrors, string][] = [
  ['catalog', '#catalog'],
  ['file', '#wsdl-file'],
  ['selectedStacks', '.stack-options input:not(:disabled)'],
  ['hardwareClass', '#hardware-class'],
  ['connections', '#connections'],
  ['ratePerSecond', '#rate-per-second'],
  ['sloP99Ms', '#slo-p99-ms'],
  ['requests', '#requests'],
  ['durationSeconds', '#duration-seconds'],
  ['warmup', '#warmup'],
  ['repetitions', '#repetitions'],
  ['maxConnections', '#max-connections'],
  ['minSeconds', '#min-seconds'],
  ['warmupSeconds', '#warmup-seconds'],
  ['driver', 'input[name="driver"]:checked'],
  ['security', '#security-plain'],
  ['dataset', '#dataset'],
  ['checkExpr', '#check-expr'],
  ['checkEquals', '#check-equals'],
  ['checkSha256', '#check-sha256'],
  ['maxErrorRatio', '#max-error-ratio'],
  // A private run without a token: the token is what is missing.
  ['visibility', '#api-token'],
];

// Runs before React re-renders the messages, so it finds fields by the errors just found, not by aria-invalid.
function focusFirstInvalid(form: HTMLFormElement, errors: SubmitFormErrors) {
  const first = fieldOrder.find(([field]) => errors[field]);
  const element = first ? form.querySelector<HTMLElement>(first[1]) : null;
  if (!element) return;
  // A field in a closed "More options" cannot take focus: open every group around it first.
  let details = element.closest('details');
  while (details) {
    details.open = true;
    details = details.parentElement?.closest('details') ?? null;
  }
  element.focus();
}

/** What the analysis is asked about: the WSDL the form would send, once there is one worth sending. */
function analysisSourceOf(values: SubmitFormValues, committedEntry: string): AnalysisSource | null {
  const { security, policy, mtom } = values;
  if (values.source === 'catalog')
    return values.catalog ? { kind: 'catalog', catalog: values.catalog, security, policy, mtom } : null;
  if (!values.file || checkWsdlFile(values.file)) return null;
  const entry = isZipFile(values.file) ? committedEntry : '';
  return { kind: 'upload', wsdl: values.file, ...(entry ? { entry } : {}), security, policy, mtom };
}

/** The analysed operations, one per name (a WSDL may bind one operation for SOAP 1.1 and 1.2). */
function operationOptions(analysis: Analysis | undefined): OperationOption[] {
  const options: OperationOption[] = [];
  for (const operation of analysis?.operations ?? []) {
    if (!operation.name || options.some((option) => option.name === operation.name)) continue;
    options.push({ name: operation.name, oneWay: !!operation.oneWay });
  }
  return options;
}

/** Why nothing can be copied yet: the first thing to fill in, as the submit would say it. */
function exportMissing(values: SubmitFormValues, stacks: Stack[]): string | undefined {
  const errors = validateSubmitForm({ ...values, visibility: 'public' }, stacks);
  const first = fieldOrder.find(([field]) => errors[field]);
  return first ? `To copy the run as a command: ${errors[first[0]]}` : undefined;
}

type SubmitFormProps = {
  onSubmitted: (run: SubmittedRun) => void;
};

export function SubmitForm({ onSubmitted }: SubmitFormProps) {
  const [values, setValues] = useState<SubmitFormValues>(() => initialFormValues(readApiToken()));
  const [errors, setErrors] = useState<SubmitFormErrors>({});
  const [committedEntry, setCommittedEntry] = useState('');
  const stacks = useStacks();
  const stackList = stacks.data ?? [];
  const submission = useSubmitRun({ onSuccess: (run) => onSubmitted(run) });
  const analysisSource = analysisSourceOf(values, committedEntry);
  const analysis = useWsdlAnalysis(analysisSource);
  const workloadValid = Object.keys(validateWorkloadFields(values, stackList)).length === 0;
  const workload = workloadValid ? buildWorkload(values, stackList) : null;

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
    // The server's answer was about the WSDL that was there: another one starts afresh.
    if ('file' in patch || 'catalog' in patch || 'source' in patch) submission.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSubmitForm(values, stackList);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget, found);
      return;
    }
    saveApiToken(values.token);
    submission.mutate(toSubmitInput(values, stackList));
  }

  return (
    <form className="card submit-form" onSubmit={handleSubmit} noValidate aria-labelledby="submit-heading">
      <h2 id="submit-heading">New benchmark run</h2>
      <SourceFields values={values} errors={errors} onChange={update} onEntryCommit={setCommittedEntry} />
      <AnalysisPreview
        source={analysisSource}
        analysis={analysis}
        stacks={stackList}
        policy={values.policy}
        onPolicyChange={(policy) => update({ policy })}
      />
      <StackCheckboxes
        values={values}
        hardwareClass={chosenHardwareClass(values)}
        analysis={analysisSource ? analysis.data : undefined}
        error={errors.selectedStacks}
        onChange={update}
      >
        <StackMoreOptions values={values} errors={errors} stacks={stackList} onChange={update} />
      </StackCheckboxes>
      <RunModeFields values={values} onChange={update} />
      {values.mode === 'measure' ? (
        <LoadFields values={values} errors={errors} stacks={stackList} onChange={update} />
      ) : null}
      <MessageFields
        values={values}
        errors={errors}
        operations={analysisSource ? operationOptions(analysis.data) : []}
        onChange={update}
      />

      <VisibilityFields values={values} errors={errors} onChange={update} />

      <WorkloadEstimate workload={workload} />

      {submission.isError ? (
        <RequestErrorAlert
          error={submission.error}
          heading="The run was not accepted"
          tooMany="Too many submissions"
        />
      ) : null}

      <div className="actions">
        <button type="submit" className="button" disabled={submission.isPending}>
          {submission.isPending ? 'Submitting…' : values.mode === 'check' ? 'Start check' : 'Start run'}
        </button>
      </div>

      <WorkloadExport values={values} workload={workload} missing={exportMissing(values, stackList)} />
    </form>
  );
}
