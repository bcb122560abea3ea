import type { PublishedRatio, RatioComparison, StudyCell } from '@/types/api-models';
import type { ClaimCellVerdict } from '@/features/studies/utils/describe-claim';

const aboutQuarter: PublishedRatio = {
  size: 'small',
  security: 'plain',
  stack: 'metro',
  baseline: 'cxf',
  ratio: 1.25,
  text: 'Without security, Metro is about 25 percent faster than CXF.',
};

const acrossModes: PublishedRatio = {
  size: 'small',
  security: null,
  stack: 'metro',
  baseline: 'cxf',
  ratio: 1.1,
  text: 'Metro is about 10 percent faster than CXF across the security configurations.',
};

const twiceAsSlow: PublishedRatio = {
  size: 'large',
  security: 'plain',
  stack: 'axis2',
  baseline: 'cxf',
  max: 0.5,
  text: 'Axis2 is more than twice as slow as CXF.',
};

const largeFaster: PublishedRatio = {
  size: 'large',
  security: 'username',
  stack: 'cxf',
  baseline: 'metro',
  ratio: 1.15,
  text: 'With larger responses CXF is about 15 percent faster.',
};

function cell(
  security: string,
  verdict: ClaimCellVerdict['verdict'],
  reason: string,
  interval?: { ratio: number; low: number; high: number; rounds: number },
  notEnoughData = false,
): ClaimCellVerdict {
  return {
    cell: `small/${security}/c1/article`,
    size: 'small',
    security,
    concurrency: 1,
    method: 'article',
    ratio: interval?.ratio ?? null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
    rounds: interval?.rounds ?? null,
    coverage: interval ? 0.9688 : null,
    verdict,
    reason,
    notEnoughData,
  };
}

const reversedReason =
  'the article has cxf faster than metro (1.04–1.27× (1.15× ± 10 %)), but our 95 % interval 0.86–0.94× lies wholly below 1×';

const reproducedReason = "our 95 % interval 1.40–1.66× overlaps the article's 1.13–1.38× (1.25× ± 10 %)";

/** A study run's claims: one reproduced, one over several cells that disagree, one short of rounds, one reversed. */
export const claimComparisonsFixture: RatioComparison[] = [
  {
    published: aboutQuarter,
    ours: 1.5,
    cells: ['small/plain/c1/article'],
    status: 'measured',
    claim: { low: 1.125, high: 1.375, widened: true, text: '1.13–1.38× (1.25× ± 10 %)' },
    interval: { ratio: 1.52, low: 1.4, high: 1.66, rounds: 6, coverage: 0.9688 },
    cellVerdicts: [
      cell('plain', 'reproduced', reproducedReason, { ratio: 1.52, low: 1.4, high: 1.66, rounds: 6 }),
    ],
    verdict: 'reproduced',
    verdictReason: reproducedReason,
    notEnoughData: false,
  },
  {
    published: acrossModes,
    ours: 1.2,
    cells: ['small/plain/c1/article', 'small/username/c1/article'],
    status: 'measured',
    claim: { low: 0.99, high: 1.21, widened: true, text: '0.99–1.21× (1.10× ± 10 %)' },
    interval: null,
    cellVerdicts: [
      cell(
        'plain',
        'reproduced',
        "our 95 % interval 1.12–1.30× overlaps the article's 0.99–1.21× (1.10× ± 10 %)",
        { ratio: 1.2, low: 1.12, high: 1.3, rounds: 8 },
      ),
      cell(
        'username',
        'not-reproduced',
        "our 95 % interval 1.30–1.45× lies above the article's 0.99–1.21× (1.10× ± 10 %): metro is faster, and by more than the article says",
        { ratio: 1.37, low: 1.3, high: 1.45, rounds: 8 },
      ),
      cell(
        'sign',
        'not-measurable',
        'the cell is pending: no stack of the study supports sign yet (cxf: supports plain, username only)',
      ),
    ],
    verdict: 'not-reproduced',
    verdictReason:
      'reproduced in 1 of 3 cells; not reproduced in 1 (small/username/c1/article); not measurable in 1 (small/sign/c1/article)',
    notEnoughData: false,
  },
  {
    published: twiceAsSlow,
    ours: 0.45,
    cells: ['large/plain/c1/article'],
    status: 'measured',
    claim: { low: null, high: 0.5, widened: false, text: 'at most 0.50×' },
    interval: null,
    cellVerdicts: [
      {
        ...cell(
          'plain',
          'not-measurable',
          'not enough data: 3 paired rounds, at least 6 needed',
          undefined,
          true,
        ),
        cell: 'large/plain/c1/article',
        size: 'large',
        rounds: 3,
      },
    ],
    verdict: 'not-measurable',
    verdictReason: 'not enough data: 3 paired rounds, at least 6 needed',
    notEnoughData: true,
  },
  {
    published: largeFaster,
    ours: 0.9,
    cells: ['large/username/c1/article'],
    status: 'measured',
    claim: { low: 1.035, high: 1.265, widened: true, text: '1.04–1.27× (1.15× ± 10 %)' },
    interval: { ratio: 0.9, low: 0.86, high: 0.94, rounds: 8, coverage: 0.9609 },
    cellVerdicts: [
      {
        ...cell('username', 'reversed', reversedReason, { ratio: 0.9, low: 0.86, high: 0.94, rounds: 8 }),
        cell: 'large/username/c1/article',
        size: 'large',
      },
    ],
    verdict: 'reversed',
    verdictReason: reversedReason,
    notEnoughData: false,
  },
];

/** Cells of a native-driver study: each stack's client beside its server. */
export const nativeCostCellsFixture: StudyCell[] = [
  {
    id: 'small/plain/c1/article',
    size: 'small',
    security: 'plain',
    concurrency: 1,
    method: 'article',
    status: 'completed',
    runId: '00000000-0000-4000-8000-000000000001',
    sequenceLength: 1000,
    driver: 'native',
    stacks: [
      {
        stack: 'cxf',
        version: '4.2.3',
        status: 'done',
        ranked: true,
        serverCpuSecondsPerRequest: 0.00042,
        clientCpuSecondsPerRequest: 0.0031,
        clientCpuCovers: 'measured-requests',
        serverPeakRssBytes: 262_144_000,
        clientPeakRssBytes: 157_286_400,
      },
      {
        stack: 'gsoap',
        version: '2.8.124',
        status: 'done',
        ranked: true,
        serverCpuSecondsPerRequest: 0.00005,
        clientCpuSecondsPerRequest: 0.000041,
        clientCpuCovers: 'whole-drive',
        serverPeakRssBytes: 8_388_608,
        clientPeakRssBytes: 6_291_456,
      },
    ],
  },
  {
    id: 'small/sign/c1/article',
    size: 'small',
    security: 'sign',
    concurrency: 1,
    method: 'article',
    status: 'pending',
    reason: 'no stack of the study supports sign yet',
    runId: null,
    sequenceLength: 1000,
    stacks: [
      { stack: 'cxf', status: 'pending' },
      { stack: 'gsoap', status: 'pending' },
    ],
  },
];
