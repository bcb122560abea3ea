import { describe, expect, it } from 'vitest';
import {
  cellLabels,
  describeInterval,
  formatCpuPerRequest,
  verdictLabel,
  verdictTone,
} from '@/features/studies/utils/describe-claim';
import { claimComparisonsFixture } from '@/features/studies/testing/claim-fixtures';

describe('describe-claim', () => {
  it('words an interval as the run page words a verdict', () => {
    expect(describeInterval({ ratio: 1.52, low: 1.4, high: 1.66, rounds: 6 })).toBe(
      '1.52× (95 % CI 1.40–1.66×, 6 rounds)',
    );
  });

  it('says "not enough data" instead of a verdict, and gives each verdict its tone', () => {
    expect(verdictLabel('not-measurable', true)).toBe('not enough data');
    expect(verdictLabel('not-reproduced', false)).toBe('not reproduced');
    expect(verdictLabel('not-measurable', false)).toBe('not measurable');
    expect(verdictTone('reproduced')).toBe('good');
    expect(verdictTone('reversed')).toBe('bad');
    expect(verdictTone('not-reproduced')).toBe('warning');
    expect(verdictTone('not-measurable')).toBe('muted');
  });

  it("labels a claim's cells by what differs between them", () => {
    const acrossModes = claimComparisonsFixture[1].cellVerdicts ?? [];
    expect(cellLabels(acrossModes, (size) => `${size} responses`)).toEqual(['plain', 'username', 'sign']);
    const acrossSizes = acrossModes.map((cell, index) => ({
      ...cell,
      size: ['150b', '1kb', '10kb'][index],
      security: 'plain',
    }));
    expect(cellLabels(acrossSizes, (size) => size.toUpperCase())).toEqual(['150B', '1KB', '10KB']);
    expect(cellLabels([acrossModes[0], acrossModes[0]], (size) => size)).toEqual([
      'small/plain/c1/article',
      'small/plain/c1/article',
    ]);
  });

  it('gives CPU per request in milliseconds with the decimals a small figure needs', () => {
    expect(formatCpuPerRequest(0.000041)).toBe('0.041');
    expect(formatCpuPerRequest(0.0031)).toBe('3.10');
    expect(formatCpuPerRequest(0.025)).toBe('25.0');
    expect(formatCpuPerRequest(null)).toBe('–');
  });
});
