import { useState, type FormEvent } from 'react';
import type { InteropRunInput } from '@/features/interop/api/start-interop-run';
import { interopRequests, securityModes, type SecurityMode } from '@/features/interop/utils/interop-defaults';
import type { CatalogEntry, Stack } from '@/types/api-models';

type InteropFormProps = {
  catalog: CatalogEntry[];
  stacks: Stack[];
  submitting: boolean;
  onSubmit: (input: InteropRunInput) => void;
};

/**
 * What an interop run needs: one WSDL (a catalog service or an upload), the stacks (each a server,
 * and a client where it has its own), the security modes and the requests per cell. Plain is always
 * measured: the backend adds it, as the cost's baseline.
 */
export function InteropForm({ catalog, stacks, submitting, onSubmit }: InteropFormProps) {
  const [source, setSource] = useState<'catalog' | 'upload'>('catalog');
  const [service, setService] = useState(catalog[0]?.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [chosenStacks, setChosenStacks] = useState<string[]>([]);
  const [modes, setModes] = useState<SecurityMode[]>(['plain']);
  const [requests, setRequests] = useState(String(interopRequests.default));
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const count = Number(requests);
    if (!Number.isInteger(count) || count < interopRequests.minimum || count > interopRequests.maximum) {
      setProblem(
        `Requests per cell must be a whole number from ${interopRequests.minimum} to ${interopRequests.maximum}.`,
      );
      return;
    }
    if (chosenStacks.length === 0) {
      setProblem('Choose at least one stack.');
      return;
    }
    if (source === 'upload' && !file) {
      setProblem('Choose a WSDL file or zip bundle to upload.');
      return;
    }
    setProblem(null);
    const workload = { stacks: chosenStacks, security: modes, interop: { requests: count } };
    onSubmit(
      source === 'catalog'
        ? { kind: 'catalog', catalog: service, workload, visibility: 'public' }
        : { kind: 'upload', wsdl: file as File, workload, visibility: 'public' },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Start an interop run" noValidate>
      <fieldset>
        <legend>WSDL</legend>
        <label>
          <input
            type="radio"
            name="source"
            checked={source === 'catalog'}
            onChange={() => setSource('catalog')}
          />
          From the catalog
        </label>
        <label>
          <input
            type="radio"
            name="source"
            checked={source === 'upload'}
            onChange={() => setSource('upload')}
          />
          Upload a WSDL file
        </label>
        {source === 'catalog' ? (
          <label>
            Catalog service
            <select value={service} onChange={(event) => setService(event.target.value)}>
              {catalog.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label>
            WSDL file
            <input
              type="file"
              accept=".wsdl,.xml,.zip"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
        )}
      </fieldset>
      <fieldset>
        <legend>Stacks: each a server, and a client where it has its own</legend>
        {stacks.map((stack) => (
          <label key={stack.id}>
            <input
              type="checkbox"
              name="stack"
              value={stack.id}
              checked={chosenStacks.includes(stack.id)}
              onChange={(event) =>
                setChosenStacks((chosen) =>
                  event.target.checked ? [...chosen, stack.id] : chosen.filter((id) => id !== stack.id),
                )
              }
            />
            {stack.displayName}
            {!stack.features.nativeClient && ' (server only: no own client)'}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Security modes</legend>
        {securityModes.map((mode) => (
          <label key={mode}>
            <input
              type="checkbox"
              name="security"
              value={mode}
              checked={mode === 'plain' || modes.includes(mode)}
              disabled={mode === 'plain'}
              onChange={(event) =>
                setModes((chosen) =>
                  event.target.checked ? [...chosen, mode] : chosen.filter((m) => m !== mode),
                )
              }
            />
            {mode}
            {mode === 'plain' && ' (always: the baseline of the cost)'}
          </label>
        ))}
      </fieldset>
      <label>
        Requests per cell
        <input
          type="number"
          name="requests"
          min={interopRequests.minimum}
          max={interopRequests.maximum}
          value={requests}
          onChange={(event) => setRequests(event.target.value)}
        />
      </label>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <button type="submit" disabled={submitting}>
        {submitting ? 'Starting…' : 'Start interop run'}
      </button>
    </form>
  );
}
