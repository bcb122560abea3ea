import { useCatalog } from '@/features/submit/api/get-catalog';
import { FieldError } from '@/features/submit/components/field-error';
import {
  isZipFile,
  type SubmitFormErrors,
  type SubmitFormValues,
} from '@/features/submit/utils/submit-form-values';
import { pickService } from '@/features/submit/utils/pick-service';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { problemOf } from '@/lib/api-client';

type SourceFieldsProps = {
  values: SubmitFormValues;
  errors: SubmitFormErrors;
  onChange: (patch: Partial<SubmitFormValues>) => void;
  /** The entry typed for a zip, once the field is left: it is analysed then, not at every keystroke. */
  onEntryCommit: (entry: string) => void;
};

export function SourceFields({ values, errors, onChange, onEntryCommit }: SourceFieldsProps) {
  const catalog = useCatalog();
  const selectedEntry = catalog.data?.find((entry) => entry.id === values.catalog);

  return (
    <fieldset>
      <legend>WSDL</legend>
      <div className="radio-row">
        <label>
          <input
            type="radio"
            name="source"
            value="catalog"
            checked={values.source === 'catalog'}
            // Operations and the policy choice belong to one WSDL: another source starts afresh.
            onChange={() => onChange({ source: 'catalog', operations: [], policy: 'keep' })}
          />
          From the catalog
        </label>
        <label>
          <input
            type="radio"
            name="source"
            value="upload"
            checked={values.source === 'upload'}
            onChange={() => onChange({ source: 'upload', operations: [], policy: 'keep' })}
          />
          Upload a WSDL file
        </label>
      </div>

      {values.source === 'catalog' ? (
        <div className="field">
          <label htmlFor="catalog">Catalog service</label>
          {catalog.isError ? (
            <ProblemAlert heading="Could not load the catalog" problem={problemOf(catalog.error)} />
          ) : (
            <select
              id="catalog"
              value={values.catalog}
              disabled={catalog.isPending}
              aria-invalid={!!errors.catalog}
              aria-describedby={errors.catalog ? 'catalog-error' : undefined}
              onChange={(event) => onChange(pickService(event.target.value, catalog.data))}
            >
              <option value="">{catalog.isPending ? 'Loading…' : 'Choose a service…'}</option>
              {catalog.data?.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name} ({entry.id})
                </option>
              ))}
            </select>
          )}
          {selectedEntry ? <p className="hint">{selectedEntry.description}</p> : null}
          {selectedEntry?.defaultWorkload ? (
            <p className="hint">
              Its default workload is filled in below; change anything, it stays until you pick another
              service.
            </p>
          ) : null}
          <FieldError id="catalog-error" message={errors.catalog} />
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor="wsdl-file">WSDL file</label>
            <input
              id="wsdl-file"
              type="file"
              aria-invalid={!!errors.file}
              aria-describedby={errors.file ? 'wsdl-file-error' : 'wsdl-file-hint'}
              onChange={(event) =>
                onChange({ file: event.target.files?.[0] ?? null, operations: [], policy: 'keep' })
              }
            />
            <p id="wsdl-file-hint" className="hint">
              The WSDL as saved (a .wsdl, .xml or even Service.asmx?wsdl file: it is read by its content), or
              a .zip with the WSDL and the schemas it imports.
            </p>
            <FieldError id="wsdl-file-error" message={errors.file} />
          </div>
          {isZipFile(values.file) ? (
            <div className="field">
              <label htmlFor="entry">Entry WSDL inside the zip</label>
              <input
                id="entry"
                type="text"
                placeholder="service.wsdl"
                value={values.entry}
                aria-describedby="entry-hint"
                onChange={(event) => onChange({ entry: event.target.value })}
                onBlur={(event) => onEntryCommit(event.target.value.trim())}
              />
              <p id="entry-hint" className="hint">
                Needed only when the zip holds more than one WSDL.
              </p>
            </div>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
