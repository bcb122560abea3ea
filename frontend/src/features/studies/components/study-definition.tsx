import {
  describeMethodWarmup,
  describePublishedRatio,
  describeSeed,
} from '@/features/studies/utils/describe-study';
import { formatNumber } from '@/lib/format';
import type { Study } from '@/types/api-models';

/** The matrix a study runs and what its article claimed, as defined in studies/<id>.json. */
export function StudyDefinition({ study, stackName }: { study: Study; stackName: (id: string) => string }) {
  const matrix = study.matrix;
  return (
    <section className="card" aria-labelledby="definition-heading">
      <h2 id="definition-heading">Definition</h2>
      <p>{study.description}</p>
      <dl className="facts">
        <dt>Seed article</dt>
        <dd>{describeSeed(study.seed)}</dd>
        <dt>Catalog service</dt>
        <dd>
          <code>{study.catalog}</code>
        </dd>
        <dt>Stacks</dt>
        <dd>{(matrix.stacks ?? []).map(stackName).join(', ')}</dd>
        <dt>Security modes</dt>
        <dd>{(matrix.security ?? []).join(', ')}</dd>
        <dt>Request sequences</dt>
        <dd>{(matrix.sizes ?? []).map((size) => size.label ?? size.id).join('; ')}</dd>
        <dt>Concurrency</dt>
        <dd>{(matrix.concurrency ?? []).map((connections) => formatNumber(connections)).join(', ')}</dd>
        <dt>Driver in the article</dt>
        <dd>
          {matrix.driver ?? 'neutral'}
          {matrix.securedDriver && (matrix.driver ?? 'neutral') !== matrix.securedDriver
            ? `; secured cells: ${matrix.securedDriver} (each stack's own client, the only one that secures its requests)`
            : ''}
        </dd>
        <dt>Methods</dt>
        <dd>
          <ul className="plain-list">
            {(matrix.methods ?? []).map((method) => {
              const warmup = describeMethodWarmup(method);
              return (
                <li key={method.id}>
                  {method.label ?? method.id}
                  {method.repetitions ? ` (${method.repetitions} repetitions)` : ''}
                  {warmup ? `; ${warmup}` : ''}
                  {method.description ? <p className="muted">{method.description}</p> : null}
                </li>
              );
            })}
          </ul>
        </dd>
      </dl>
      {study.published.length > 0 ? (
        <>
          <h3>What the article published</h3>
          <ul>
            {study.published.map((published, index) => (
              <li key={index}>
                {published.text}{' '}
                <span className="muted">
                  ({stackName(published.stack)} over {stackName(published.baseline)}:{' '}
                  {describePublishedRatio(published)})
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
