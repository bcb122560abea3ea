import { chosenEntry } from '@/features/submit/utils/to-submit-input';
import type { SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import {
  benchctlCommand,
  curlCommand,
  workloadFileName,
  workloadFileText,
  type CommandSource,
} from '@/features/submit/utils/workload-commands';
import { CopyButton } from '@/components/ui/copy-button';
import { TextDownloadLink } from '@/components/ui/text-download-link';
import type { Workload } from '@/types/api-models';

type WorkloadExportProps = {
  values: SubmitFormValues;
  /** The workload as the form would send it; null while the form cannot make one. */
  workload: Workload | null;
  /** Why there is nothing to export yet, e.g. the first field still to fill in. */
  missing?: string;
};

function commandSource(values: SubmitFormValues): CommandSource {
  if (values.source === 'catalog') return { kind: 'catalog', catalog: values.catalog };
  const entry = chosenEntry(values);
  return { kind: 'upload', fileName: values.file?.name ?? 'service.wsdl', ...(entry ? { entry } : {}) };
}

/** The run as it would be sent, to send from a terminal or a pipeline instead: curl, benchctl or the workload file. */
export function WorkloadExport({ values, workload, missing }: WorkloadExportProps) {
  return (
    <section className="workload-export" aria-labelledby="workload-export-heading">
      <h3 id="workload-export-heading">Send it from a terminal</h3>
      {!workload || missing ? (
        <p className="hint">{missing ?? 'Complete the form to copy it as a command.'}</p>
      ) : (
        <ExportActions values={values} workload={workload} />
      )}
    </section>
  );
}

function ExportActions({ values, workload }: { values: SubmitFormValues; workload: Workload }) {
  const source = commandSource(values);
  const withToken = values.token.trim() !== '';
  const input = {
    origin: window.location.origin,
    source,
    workload,
    visibility: values.visibility,
    withToken,
  };
  const curl = curlCommand(input);
  const benchctl = benchctlCommand(input);
  return (
    <>
      <div className="export-actions">
        <CopyButton text={curl} label="Copy as curl" whatToSelect="the command under Show the commands" />
        <TextDownloadLink text={workloadFileText(workload)} fileName={workloadFileName}>
          Download {workloadFileName}
        </TextDownloadLink>
        <CopyButton
          text={benchctl}
          label="Copy benchctl command"
          whatToSelect="the command under Show the commands"
        />
      </div>
      <p className="hint">
        {source.kind === 'upload'
          ? `Both commands read ${source.fileName} and ${workloadFileName} from the current folder: save the workload beside the WSDL.`
          : `benchctl reads ${workloadFileName} from the current folder; the curl command carries the workload inline.`}
        {withToken ? ' They send your token from $SOAPBENCH_TOKEN: set it first.' : ''}
      </p>
      <details className="more-options">
        <summary>Show the commands</summary>
        <pre className="command-text">
          <code>{curl}</code>
        </pre>
        <pre className="command-text">
          <code>{benchctl}</code>
        </pre>
      </details>
    </>
  );
}
