import { describe, expect, it } from 'vitest';
import { initialFormValues, type SubmitFormValues } from '@/features/submit/utils/submit-form-values';
import { validateSubmitForm } from '@/features/submit/utils/validate-submit-form';
import { stacksFixture } from '@/testing/fixtures';
import type { Stack } from '@/types/api-models';

function values(patch: Partial<SubmitFormValues>): SubmitFormValues {
  return { ...initialFormValues(), catalog: 'echo', selectedStacks: ['gsoap'], ...patch };
}

const nativeGsoap: Stack[] = stacksFixture.map((stack) =>
  stack.id === 'gsoap' ? { ...stack, features: { ...stack.features, nativeClient: true } } : stack,
);

describe('validateSubmitForm', () => {
  it("checks each model's own fields against the schema's bounds", () => {
    expect(validateSubmitForm(values({ loadModel: 'open', connections: '0' }))).toEqual({
      ratePerSecond: 'Requests per second must be a number above 0 and at most 1,000,000.',
    });
    expect(validateSubmitForm(values({ loadModel: 'open', ratePerSecond: '0.5' }))).toEqual({});
    expect(validateSubmitForm(values({ loadModel: 'capacity', requests: '' }))).toEqual({
      sloP99Ms: 'The p99 objective must be a number above 0 and at most 60,000.',
    });
    expect(validateSubmitForm(values({ bound: 'duration', durationSeconds: '0' })).durationSeconds).toBe(
      'Duration must be a number above 0 and at most 3,600.',
    );
    expect(validateSubmitForm(values({ maxErrorRatio: '1.5' })).maxErrorRatio).toBe(
      'Max error ratio must be a number from 0 to 1.',
    );
    expect(validateSubmitForm(values({ minSeconds: '0', warmupSeconds: '2.5', maxErrorRatio: '0' }))).toEqual(
      {},
    );
  });

  it('needs a security mode, and a dataset, hardware class and check of the right shape', () => {
    const errors = validateSubmitForm(
      values({
        security: [],
        dataset: 'Echo 1kb',
        hardwareClass: 'C5 large',
        checkKind: 'xpathCount',
        checkExpr: 'line',
        checkEquals: '-1',
      }),
    );
    expect(Object.keys(errors).sort()).toEqual([
      'checkEquals',
      'checkExpr',
      'dataset',
      'hardwareClass',
      'security',
    ]);
    expect(errors.security).toBe('Choose at least one security mode.');
    expect(validateSubmitForm(values({ dataset: 'echo/1kb', hardwareClass: 'c5-large' }))).toEqual({});
    expect(validateSubmitForm(values({ checkKind: 'bodySha256', checkSha256: 'abc' })).checkSha256).toMatch(
      /64 hexadecimal digits/,
    );
  });

  it('measures a secured mode with the native driver only, checks it with any, and never with MTOM', () => {
    expect(validateSubmitForm(values({ security: ['plain', 'sign'] })).security).toBe(
      "Security mode sign is measured with each stack's own client: choose the native driver, or run a compatibility check.",
    );
    expect(validateSubmitForm(values({ security: ['sign'], mode: 'check' })).security).toBeUndefined();
    expect(
      validateSubmitForm(values({ security: ['username'], driver: 'native' }), nativeGsoap).security,
    ).toBeUndefined();
    expect(
      validateSubmitForm(values({ security: ['signencr'], mode: 'check', mtom: true })).security,
    ).toMatch(/^MTOM cannot be combined with security mode signencr/);
  });

  it('lets the native client measure MTOM only on stacks whose client sends it', () => {
    const clients: Stack[] = stacksFixture.map((stack) =>
      stack.id === 'gsoap' || stack.id === 'cxf'
        ? {
            ...stack,
            features: { ...stack.features, nativeClient: true, nativeClientMtom: stack.id === 'cxf' },
          }
        : stack,
    );
    expect(
      validateSubmitForm(values({ driver: 'native', mtom: true, selectedStacks: ['cxf'] }), clients),
    ).toEqual({});
    expect(
      validateSubmitForm(values({ driver: 'native', mtom: true, selectedStacks: ['gsoap', 'cxf'] }), clients)
        .driver,
    ).toBe('The native client cannot measure this workload: the client of gSOAP does not send MTOM.');
    // Without MTOM the client's MTOM does not matter.
    expect(
      validateSubmitForm(values({ driver: 'native', selectedStacks: ['gsoap', 'cxf'] }), clients),
    ).toEqual({});
  });

  it('says why the native client cannot measure the workload', () => {
    expect(validateSubmitForm(values({ driver: 'native' }), nativeGsoap)).toEqual({});
    expect(
      validateSubmitForm(values({ driver: 'native', selectedStacks: ['gsoap', 'cxf'] }), nativeGsoap).driver,
    ).toBe('The native client cannot measure this workload: Apache CXF has no native client.');
    expect(
      validateSubmitForm(
        values({ driver: 'native', bound: 'duration', durationSeconds: '10', keepAlive: false }),
        nativeGsoap,
      ).driver,
    ).toBe(
      'The native client cannot measure this workload: it needs a request count, not a duration; it needs keep-alive on.',
    );
  });
});
