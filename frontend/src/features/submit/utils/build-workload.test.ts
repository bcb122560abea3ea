import { describe, expect, it } from 'vitest';
import { buildWorkload } from '@/features/submit/utils/build-workload';
import { initialFormValues, type SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import { workloadToValues } from '@/features/submit/utils/workload-to-values';
import { stacksFixture } from '@/testing/fixtures';

function values(patch: Partial<SubmitFormValues>): SubmitFormValues {
  return { ...initialFormValues(), catalog: 'echo', selectedStacks: ['gsoap', 'cxf'], ...patch };
}

describe('buildWorkload', () => {
  it('sends a chosen variant in place of the default configuration, and as the reference', () => {
    const workload = buildWorkload(
      values({ stackVariants: { cxf: 'parallel-gc' }, reference: 'cxf' }),
      stacksFixture,
    );
    expect(workload.stacks).toEqual(['gsoap', 'cxf+parallel-gc']);
    expect(workload.reference).toBe('cxf+parallel-gc');
  });

  it('sends a variant beside its default configuration, which stays the reference', () => {
    const workload = buildWorkload(
      values({
        stackVersions: { cxf: '3.6.10' },
        stackVariants: { cxf: 'parallel-gc' },
        variantBesideDefault: { cxf: true },
        reference: 'cxf',
      }),
      stacksFixture,
    );
    expect(workload.stacks).toEqual(['gsoap', 'cxf@3.6.10', 'cxf@3.6.10+parallel-gc']);
    expect(workload.reference).toBe('cxf@3.6.10');
  });

  it('never sends a variant the stack does not declare', () => {
    const workload = buildWorkload(
      values({ stackVariants: { gsoap: 'parallel-gc', cxf: 'zgc' } }),
      stacksFixture,
    );
    expect(workload.stacks).toEqual(['gsoap', 'cxf']);
  });

  it('sends of the closed load only what differs from the defaults', () => {
    expect(
      buildWorkload(values({ connections: '4', requests: '2000', warmup: '100' }), stacksFixture),
    ).toEqual({
      stacks: ['gsoap', 'cxf'],
      load: { connections: 4 },
      warmup: { requests: 100 },
    });
  });

  it('bounds a measurement by a duration instead of a request count', () => {
    const workload = buildWorkload(
      values({ bound: 'duration', durationSeconds: '30', requests: '300' }),
      stacksFixture,
    );
    expect(workload.load).toEqual({ durationSeconds: 30 });
  });

  it("sends an open load's rate and max connections, never the closed model's connections", () => {
    const workload = buildWorkload(
      values({ loadModel: 'open', ratePerSecond: '250', maxConnections: '40', connections: '4' }),
      stacksFixture,
    );
    expect(workload.load).toEqual({ model: 'open', maxConnections: 40, ratePerSecond: 250 });
  });

  it('sends a capacity search with its objective, leaving blank options to the server', () => {
    const workload = buildWorkload(
      values({ loadModel: 'capacity', sloP99Ms: '20', minSeconds: '0', requests: '5' }),
      stacksFixture,
    );
    expect(workload).toEqual({ stacks: ['gsoap', 'cxf'], load: { model: 'capacity' }, slo: { p99Ms: 20 } });
    expect(
      buildWorkload(
        values({ loadModel: 'capacity', sloP99Ms: '20', ratePerSecond: '50', durationSeconds: '3' }),
        stacksFixture,
      ).load,
    ).toEqual({ model: 'capacity', ratePerSecond: 50, durationSeconds: 3 });
  });

  it('sends every other option once it is changed', () => {
    const workload = buildWorkload(
      values({
        stackVersions: { cxf: '3.6.10' },
        reference: 'cxf',
        hardwareClass: 'c5-large',
        minSeconds: '0',
        warmupSeconds: '10',
        repetitions: '6',
        keepAlive: false,
        security: ['sign', 'plain'],
        operations: ['echo'],
        dataset: ' echo/1kb ',
        checkKind: 'xpathCount',
        checkExpr: '//line',
        checkEquals: '2',
        maxErrorRatio: '0.05',
      }),
      stacksFixture,
    );
    expect(workload).toEqual({
      stacks: ['gsoap', 'cxf@3.6.10'],
      operations: ['echo'],
      reference: 'cxf@3.6.10',
      load: { minSeconds: 0 },
      warmup: { seconds: 10 },
      repetitions: 6,
      keepAlive: false,
      security: ['plain', 'sign'],
      hardwareClass: 'c5-large',
      requests: { dataset: 'echo/1kb' },
      check: { xpathCount: { expr: '//line', equals: 2 } },
      maxErrorRatio: 0.05,
    });
  });

  it('drops a reference whose stack was unticked since', () => {
    const workload = buildWorkload(values({ selectedStacks: ['gsoap'], reference: 'cxf' }), stacksFixture);
    expect(workload).not.toHaveProperty('reference');
  });

  it("gives back a catalog service's default workload without the fields that are defaults anyway", () => {
    const seismic = {
      operations: ['matchQuakes'],
      stacks: ['gsoap', 'cxf@3.6.10'],
      load: { model: 'closed' as const, connections: 1, requests: 1000 },
      warmup: { requests: 1000 },
      repetitions: 3,
      keepAlive: true,
      driver: 'neutral' as const,
      security: ['plain' as const, 'username' as const],
      hardwareClass: 'local',
    };
    expect(buildWorkload({ ...values({}), ...workloadToValues(seismic) }, stacksFixture)).toEqual({
      stacks: ['gsoap', 'cxf@3.6.10'],
      operations: ['matchQuakes'],
      load: { connections: 1, requests: 1000 },
      warmup: { requests: 1000 },
      repetitions: 3,
      security: ['plain', 'username'],
    });
  });

  it('sends a compatibility check without any of the load it would ignore', () => {
    const workload = buildWorkload(
      values({
        mode: 'check',
        connections: '4',
        repetitions: '2',
        keepAlive: false,
        driver: 'native',
        dataset: 'echo/1kb',
        security: ['plain', 'username'],
      }),
      stacksFixture,
    );
    expect(workload).toEqual({ stacks: ['gsoap', 'cxf'], mode: 'check', security: ['plain', 'username'] });
  });

  it("sends a removal of the WSDL's policies, in a check too, and never the default keep", () => {
    expect(buildWorkload(values({ policy: 'keep' }), stacksFixture)).not.toHaveProperty('policy');
    expect(buildWorkload(values({ policy: 'remove' }), stacksFixture)).toEqual({
      stacks: ['gsoap', 'cxf'],
      policy: 'remove',
    });
    expect(buildWorkload(values({ policy: 'remove', mode: 'check' }), stacksFixture)).toEqual({
      stacks: ['gsoap', 'cxf'],
      mode: 'check',
      policy: 'remove',
    });
  });

  it('sends MTOM once switched on, in a check too, and reads it back from a workload', () => {
    expect(buildWorkload(values({}), stacksFixture)).not.toHaveProperty('mtom');
    expect(buildWorkload(values({ mtom: true }), stacksFixture)).toEqual({
      stacks: ['gsoap', 'cxf'],
      mtom: true,
    });
    expect(buildWorkload(values({ mtom: true, mode: 'check' }), stacksFixture)).toEqual({
      stacks: ['gsoap', 'cxf'],
      mode: 'check',
      mtom: true,
    });
    expect(workloadToValues({ stacks: ['cxf'], mtom: true }).mtom).toBe(true);
    expect(workloadToValues({ stacks: ['cxf'] }).mtom).toBe(false);
  });

  it('sends a cold start with the warm-up, leaves the minimum to the server, and never in a capacity search', () => {
    expect(buildWorkload(values({ coldStart: true, warmup: '0' }), stacksFixture)).toEqual({
      stacks: ['gsoap', 'cxf'],
      warmup: { requests: 0, cold: true },
    });
    expect(
      buildWorkload(values({ coldStart: true, loadModel: 'capacity' }), stacksFixture),
    ).not.toHaveProperty('warmup');
    expect(buildWorkload(values({ coldStart: true, mode: 'check' }), stacksFixture)).not.toHaveProperty(
      'warmup',
    );
    expect(workloadToValues({ stacks: ['cxf'], warmup: { requests: 0, cold: true } }).coldStart).toBe(true);
    expect(workloadToValues({ stacks: ['cxf'] }).coldStart).toBe(false);
  });
});
