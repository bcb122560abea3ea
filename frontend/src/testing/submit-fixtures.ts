import { catalogFixture, stacksFixture } from '@/testing/fixtures';
import type { Analysis, CatalogEntry, Stack, WorkEstimate } from '@/types/api-models';

/** Apache Axis2: builds most WSDLs, but writes an xsd:date back with the server's zone. */
export const axis2StackFixture: Stack = {
  id: 'axis2',
  displayName: 'Apache Axis2',
  language: 'Java',
  versions: ['2.0.0'],
  defaultVersion: '2.0.0',
  features: { soapVersions: ['1.1', '1.2'], styles: ['document-literal-wrapped'], security: ['plain'] },
  knownDefects: [
    { feature: 'date-without-zone', reason: "ADB writes an xsd:date back with the server's zone" },
  ],
  variants: [],
  securityByVersion: { '2.0.0': ['plain'] },
  availability: [{ hardwareClass: 'local', available: true }],
};

export const submitStacksFixture: Stack[] = [...stacksFixture, axis2StackFixture];

/** The catalog with a service whose default workload differs from the schema's defaults. */
export const catalogWithDefaultsFixture: CatalogEntry[] = [
  ...catalogFixture,
  {
    id: 'seismic',
    name: 'Seismic query',
    description: 'matchQuakes: the earthquakes inside a time range and a box.',
    operations: ['matchQuakes'],
    defaultWorkload: {
      operations: ['matchQuakes'],
      stacks: ['cxf', 'axis2'],
      load: { model: 'closed', connections: 1, requests: 1000 },
      warmup: { requests: 1000 },
      repetitions: 3,
      keepAlive: true,
      // A secured mode is measured with the stacks' own clients, as the catalog's seismic default is.
      driver: 'native',
      security: ['plain', 'username'],
      hardwareClass: 'local',
    },
  },
];

/** A WSDL with one operation bound twice, that Axis2 builds but whose xsd:date it gets wrong. */
export const analysisFixture: Analysis = {
  entry: 'orders.wsdl',
  soapVersions: ['1.1', '1.2'],
  styles: ['document-literal-wrapped'],
  operations: [
    { name: 'getOrder', binding: 'OrdersSoap11', style: 'document-literal-wrapped', soapVersion: '1.1' },
    { name: 'getOrder', binding: 'OrdersSoap12', style: 'document-literal-wrapped', soapVersion: '1.2' },
    {
      name: 'notify',
      binding: 'OrdersSoap11',
      style: 'document-literal-wrapped',
      soapVersion: '1.1',
      oneWay: true,
    },
  ],
  stacks: [
    { id: 'gsoap', buildable: true },
    { id: 'cxf', buildable: false, reason: 'rpc-encoded binding OrdersRpc is not supported' },
    {
      id: 'axis2',
      buildable: true,
      knownDefects: [
        { feature: 'date-without-zone', reason: "ADB writes an xsd:date back with the server's zone" },
      ],
    },
  ],
  warnings: ['notify is one-way: it has no answer to time and is not measured.'],
};

export const estimateFixture: WorkEstimate = {
  workerSeconds: 12 * 60 + 10,
  stacks: 3,
  cells: 1,
  repetitions: 8,
  measurements: 24,
  measurementSeconds: 20,
  basis:
    'Build, verification and start-up once per stack, then one warm-up and one measured load per measurement at 500 requests/s.',
};

const requiredPolicyReason =
  "the WSDL requires a WS-Policy (sp:SymmetricBinding, sp:SignedEncryptedSupportingTokens on binding EchoBinding at echo-policy.wsdl:59) that SOAPBench's requests do not satisfy; some stacks would enforce it and others ignore it. Set the workload's policy to remove to measure the service without it";

/**
 * echo-policy.wsdl (backend/src/test/resources/wsdl/policy): a WS-SecurityPolicy declared in the
 * definitions and referenced by the binding, and an optional addressing policy on its operation.
 */
export const policyAnalysisFixture: Analysis = {
  entry: 'echo-policy.wsdl',
  soapVersions: ['1.1'],
  styles: ['document-literal-wrapped'],
  operations: [
    { name: 'echo', binding: 'EchoBinding', style: 'document-literal-wrapped', soapVersion: '1.1' },
  ],
  stacks: [
    { id: 'gsoap', buildable: false, reason: requiredPolicyReason },
    { id: 'cxf', buildable: false, reason: requiredPolicyReason },
  ],
  warnings: [],
  policies: [
    {
      file: 'echo-policy.wsdl',
      line: 14,
      id: 'SymmetricUsernamePolicy',
      attachedTo: 'definitions',
      assertions: ['sp:SymmetricBinding', 'sp:SignedEncryptedSupportingTokens'],
      security: true,
    },
    {
      file: 'echo-policy.wsdl',
      line: 59,
      id: '#SymmetricUsernamePolicy',
      attachedTo: 'binding EchoBinding',
      assertions: ['sp:SymmetricBinding', 'sp:SignedEncryptedSupportingTokens'],
      security: true,
    },
    {
      file: 'echo-policy.wsdl',
      line: 62,
      id: '',
      attachedTo: 'operation echo of binding EchoBinding',
      assertions: [],
      security: false,
    },
  ],
  policiesRemoved: false,
};

/** The same WSDL analysed with `policy: remove`: the stacks are judged on the rest. */
export const policyRemovedAnalysisFixture: Analysis = {
  ...policyAnalysisFixture,
  stacks: [
    { id: 'gsoap', buildable: true },
    { id: 'cxf', buildable: true },
  ],
  warnings: [
    "Measured without the WSDL's WS-Policy (workload policy: remove): echo-policy.wsdl:14 (sp:SymmetricBinding, sp:SignedEncryptedSupportingTokens); echo-policy.wsdl:59 (sp:SymmetricBinding, sp:SignedEncryptedSupportingTokens); echo-policy.wsdl:62 (). The stacks were built from the WSDL with every policy and policy reference taken out.",
  ],
  policiesRemoved: true,
};

/** A WSDL whose only policy is an optional addressing assertion: it requires nothing. */
export const optionalPolicyAnalysisFixture: Analysis = {
  ...policyAnalysisFixture,
  entry: 'echo-addressing.wsdl',
  stacks: [
    { id: 'gsoap', buildable: true },
    { id: 'cxf', buildable: true },
  ],
  policies: [
    {
      file: 'echo-addressing.wsdl',
      line: 40,
      id: '',
      attachedTo: 'operation echo of binding EchoBinding',
      assertions: [],
      security: false,
    },
  ],
};

/** What the server charges a compatibility check: no repetition, no measurement. */
export const checkEstimateFixture: WorkEstimate = {
  workerSeconds: 10 * 60,
  stacks: 2,
  cells: 1,
  repetitions: 0,
  measurements: 0,
  measurementSeconds: 0,
  basis: 'Build, start-up and one verification of every operation once per stack and security mode.',
};
