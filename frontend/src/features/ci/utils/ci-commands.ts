/**
 * The commands of docs/ci.md, for the instance the page is served from: benchctl is installed from
 * the instance's own Go module proxy (`<origin>/go`) and talks to the same origin.
 */
export type CiCommands = {
  install: string;
  baseWsdl: string;
  submit: string;
  token: string;
  acknowledge: string;
};

export function ciCommands(origin: string): CiCommands {
  const server = origin.replace(/\/+$/, '');
  return {
    install: `GOPROXY="${server}/go,https://proxy.golang.org" GONOSUMDB=soapbench.dev go install soapbench.dev/workers/cmd/benchctl@latest`,
    baseWsdl: 'git show "origin/$GITHUB_BASE_REF:service/service.wsdl" > base.wsdl',
    submit: `benchctl submit --wait --server ${server} --token "$SOAPBENCH_TOKEN" --wsdl base.wsdl --head-wsdl service/service.wsdl --workload ci/soapbench-workload.json --fail-on regression --markdown soapbench.md`,
    token: `curl -X POST -H 'Content-Type: application/json' -d '{"name":"billing CI","project":"acme/billing"}' ${server}/api/v1/tokens`,
    acknowledge: `benchctl acknowledge --server ${server} --token "$SOAPBENCH_TOKEN" --project acme/billing --commit 4f2a9c1 --reason "invoices carry line items now"`,
  };
}

/** benchctl's exit codes (docs/ci.md, "Exit codes"). */
export const exitCodes: readonly { code: number; meaning: string }[] = [
  {
    code: 0,
    meaning:
      'passed: the run completed, every stack measured, no regression the project has not acknowledged',
  },
  { code: 1, meaning: 'a regression, with --fail-on regression' },
  { code: 2, meaning: 'usage: a flag, a file that cannot be read, a workload whose reference is not --base' },
  {
    code: 3,
    meaning: 'the run or a stack failed, or the submission was refused (a broken WSDL, an invalid workload)',
  },
  {
    code: 4,
    meaning:
      'the service, the network or the token: unreachable, 401/403, 429, 5xx, or a --wait that ran out',
  },
];
