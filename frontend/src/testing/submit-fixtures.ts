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
      driver: 'neutral',
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
