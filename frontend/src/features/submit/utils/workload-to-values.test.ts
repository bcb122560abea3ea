import { describe, expect, it } from 'vitest';
import { defaultWorkloadValues } from '@/features/submit/utils/submit-form-values';
import { workloadToValues } from '@/features/submit/utils/workload-to-values';

describe('workloadToValues', () => {
  it('reads a variant, and whether the default configuration is measured beside it', () => {
    const values = workloadToValues({
      stacks: ['cxf@3.6.10', 'cxf@3.6.10+parallel-gc', 'gsoap+keepalive-100'],
      reference: 'cxf@3.6.10+parallel-gc',
    });
    expect(values.selectedStacks).toEqual(['cxf', 'gsoap']);
    expect(values.stackVersions).toEqual({ cxf: '3.6.10' });
    expect(values.stackVariants).toEqual({ cxf: 'parallel-gc', gsoap: 'keepalive-100' });
    expect(values.variantBesideDefault).toEqual({ cxf: true });
    expect(values.reference).toBe('cxf');
  });

  it('fills every field the workload names and the default for every other', () => {
    const values = workloadToValues({
      stacks: ['cxf@3.6.10', 'metro'],
      reference: 'metro',
      load: { model: 'open', ratePerSecond: 200, durationSeconds: 20 },
      warmup: { seconds: 15 },
      driver: 'neutral',
      security: ['username'],
      requests: { dataset: 'seismic/requests-small' },
      check: { bodySha256: 'ab'.repeat(32) },
    });
    expect(values).toEqual({
      ...defaultWorkloadValues(),
      selectedStacks: ['cxf', 'metro'],
      stackVersions: { cxf: '3.6.10' },
      reference: 'metro',
      loadModel: 'open',
      bound: 'duration',
      ratePerSecond: '200',
      durationSeconds: '20',
      warmupSeconds: '15',
      security: ['username'],
      dataset: 'seismic/requests-small',
      checkKind: 'bodySha256',
      checkSha256: 'ab'.repeat(32),
    });
  });

  it("reads a capacity search's duration as its step length, not as what ends a measurement", () => {
    const values = workloadToValues({
      stacks: ['gsoap'],
      load: { model: 'capacity', durationSeconds: 3 },
      slo: { p99Ms: 25 },
    });
    expect(values).toMatchObject({
      loadModel: 'capacity',
      bound: 'requests',
      durationSeconds: '3',
      sloP99Ms: '25',
    });
  });

  it("takes a default workload's policy choice, and keeps the policies when it names none", () => {
    expect(workloadToValues({ stacks: ['gsoap'], policy: 'remove' }).policy).toBe('remove');
    expect(workloadToValues({ stacks: ['gsoap'], mode: 'check' })).toMatchObject({
      mode: 'check',
      policy: 'keep',
    });
  });
});
