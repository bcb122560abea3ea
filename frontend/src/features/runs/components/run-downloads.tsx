import { apiBase } from '@/lib/api-client';
import type { Run } from '@/types/api-models';

/**
 * The run taken away: its measurements as CSV, the whole run as JSON, the raw HdrHistograms, and
 * everything in one zip with what to send to run it again.
 */
export function RunDownloads({ run }: { run: Run }) {
  if (run.measurements.length === 0) return null;
  const path = `${apiBase}/runs/${encodeURIComponent(run.id)}`;
  return (
    <section className="card" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">Downloads</h2>
      <ul className="downloads">
        <li>
          <a href={`${path}?format=csv`} download={`soapbench-run-${run.slug}.csv`}>
            Measurements (CSV)
          </a>
        </li>
        <li>
          <a href={`${path}?format=json`} download={`soapbench-run-${run.slug}.json`}>
            The run with its statistics (JSON)
          </a>
        </li>
        <li>
          <a href={`${path}/histograms`} download={`soapbench-run-${run.slug}-histograms.json`}>
            Every measurement&apos;s HdrHistogram (JSON, base64)
          </a>
        </li>
        <li>
          <a href={`${path}/bundle.zip`} download={`soapbench-run-${run.slug}.zip`}>
            Everything, with the WSDL and what to resubmit (zip)
          </a>
        </li>
      </ul>
    </section>
  );
}
