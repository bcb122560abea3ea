import { Link } from 'react-router';
import { ciCommands, exitCodes } from '@/features/ci/utils/ci-commands';
import { CommandBlock } from '@/components/ui/command-block';
import { TableScroll } from '@/components/ui/table-scroll';

/** How to guard a service from CI with this instance: docs/ci.md, short, with this instance's address. */
export function CiGuide({ origin }: { origin: string }) {
  const commands = ciCommands(origin);
  return (
    <div className="ci-guide">
      <p className="lead">
        <code>benchctl</code> submits a run from a pipeline, waits for it and fails the job when a change made
        the service slower. The commands below talk to this instance, <code>{origin}</code>. The full guide,
        with GitHub Actions and GitLab CI jobs, is <code>docs/ci.md</code> in the SOAPBench repository.
      </p>

      <section className="card" aria-labelledby="ci-install">
        <h2 id="ci-install">1. Install benchctl</h2>
        <p>
          This instance serves its own release of <code>benchctl</code> as a Go module proxy at{' '}
          <code>/go</code>, so a pipeline installs the one that matches it:
        </p>
        <CommandBlock command={commands.install} name="the install command" />
      </section>

      <section className="card" aria-labelledby="ci-token">
        <h2 id="ci-token">2. Create a project token</h2>
        <p>
          Once per project; the token is shown once: keep it in the CI system&apos;s secrets as{' '}
          <code>SOAPBENCH_TOKEN</code>. The first project token claims the project: from then on only its
          tokens submit runs under its name, acknowledge its regressions and create further project tokens
          (send one as <code>Authorization: Bearer</code>). Without <code>project</code> the token is a plain
          one, enough for private runs.
        </p>
        <CommandBlock command={commands.token} name="the token command" />
      </section>

      <section className="card" aria-labelledby="ci-submit">
        <h2 id="ci-submit">3. Measure the changed WSDL beside the old one</h2>
        <p>In a pull request, take the WSDL before the change from the target branch:</p>
        <CommandBlock command={commands.baseWsdl} name="the base WSDL command" />
        <p>
          Then submit both in one run. The workload names one stack (e.g.{' '}
          <code>{'{"stacks": ["gsoap"]}'}</code>): it is built from each WSDL, the two are measured round by
          round on one machine, and the head (<code>&lt;version&gt;+head</code>) is judged against the base. A
          regression is a head the paired verdict finds slower by more than the threshold (
          <code>--threshold</code>, 5 % by default). <code>--markdown</code> writes a table for a pull-request
          comment.
        </p>
        <CommandBlock command={commands.submit} name="the submit command" />
      </section>

      <section className="card" aria-labelledby="ci-exit-codes">
        <h2 id="ci-exit-codes">4. Exit codes</h2>
        <TableScroll label="Exit codes">
          <table className="data-table">
            <caption className="visually-hidden">benchctl exit codes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {exitCodes.map((exit) => (
                <tr key={exit.code}>
                  <th scope="row" className="num">
                    {exit.code}
                  </th>
                  <td className="wrap">{exit.meaning}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <section className="card" aria-labelledby="ci-acknowledge">
        <h2 id="ci-acknowledge">5. Acknowledge a regression</h2>
        <p>
          When a slowdown is the price of a change you want, a project token acknowledges it with the reason:
          the job passes when re-run, and the reports mark the row acknowledged. <code>--branch</code> instead
          of <code>--commit</code> covers a branch; <code>--stack</code> and <code>--metric</code> narrow it.
        </p>
        <CommandBlock command={commands.acknowledge} name="the acknowledge command" />
      </section>

      <p>
        Each run a pipeline sends joins its branch&apos;s history on <Link to="/projects">Projects</Link>;
        every endpoint is in the <a href="/api/docs">API docs</a>.
      </p>
    </div>
  );
}
