import type { InteropCell, InteropMatrix } from '@/types/api-models';

const cxf = 'cxf@4.2.3';
const metro = 'metro@4.0.5';

function cell(client: string, server: string, security: string, rest: Partial<InteropCell>): InteropCell {
  return { client, server, security, outcome: 'pending', reason: '', ...rest };
}

const longFault =
  'soap:Client: An error was discovered processing the <wsse:Security> header: the signature or decryption was invalid because the certificate chain could not be built';

/** cxf and metro, plain and sign: every outcome once, and a secured pass with its cost. */
export const interopMatrixFixture: InteropMatrix = {
  run: {
    id: '6f1d4d43-5a43-4d6f-9a39-2b8a0d1f6c11',
    status: 'running',
    createdAt: '2026-11-27T10:00:00Z',
    service: 'echo',
    wsdlName: 'echo.wsdl',
    shareUrl: '/interop/6f1d4d43-5a43-4d6f-9a39-2b8a0d1f6c11',
    stacks: [cxf, metro],
    security: ['plain', 'sign'],
  },
  security: ['plain', 'sign'],
  interop: { requests: 50, connections: 1, warmupRequests: 20 },
  stacks: [
    { stack: 'cxf', version: '4.2.3', displayName: 'Apache CXF', client: true },
    { stack: 'metro', version: '4.0.5', displayName: 'Metro', client: true },
  ],
  cells: [
    cell(cxf, cxf, 'plain', {
      outcome: 'pass',
      requests: 50,
      errors: 0,
      throughputRps: 1900.1,
      p50Ms: 0.5,
      p99Ms: 1.2,
    }),
    cell(cxf, metro, 'plain', { outcome: 'fail', reason: 'server: verify: echo: <b>text</b> differs' }),
    cell(metro, cxf, 'plain', { outcome: 'unsupported', reason: 'metro has no own client for this WSDL' }),
    cell(metro, metro, 'plain', {}),
    cell(cxf, cxf, 'sign', {
      outcome: 'pass',
      requests: 50,
      errors: 0,
      throughputRps: 812.4,
      p50Ms: 1.1,
      p99Ms: 3.9,
      plain: { throughputRps: 1900.1, p99Ms: 1.2 },
      cost: { throughputRatio: 0.43, p99Ratio: 3.25 },
    }),
    cell(cxf, metro, 'sign', { outcome: 'fail', reason: longFault }),
    cell(metro, cxf, 'sign', { outcome: 'unsupported', reason: 'metro does not claim sign' }),
    cell(metro, metro, 'sign', {}),
  ],
};

export { longFault };
