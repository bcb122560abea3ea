import { describe, expect, it } from 'vitest';
import { describeAbHead, readAbHead } from '@/features/runs/utils/ab-head';
import { abRunFixture, completedRunFixture } from '@/testing/fixtures';
import type { Run } from '@/types/api-models';

function withHead(head: unknown, overrides: Partial<Run> = {}): Run {
  return { ...abRunFixture, analysis: { ...abRunFixture.analysis, head } as Run['analysis'], ...overrides };
}

describe('A/B of two WSDLs', () => {
  it('names the base and the head stack, and the head WSDL file', () => {
    expect(describeAbHead(abRunFixture)).toBe(
      'A/B of two WSDLs: gsoap@2.8.124 is the base WSDL, gsoap@2.8.124+head the head WSDL (service.wsdl)',
    );
  });

  it('finds the base among the stacks when the workload names no reference', () => {
    const run = withHead(
      { stack: 'cxf@4.2.3+head', fileName: 'orders.zip' },
      {
        workload: { ...abRunFixture.workload!, reference: undefined },
        stacks: [
          { id: 'cxf', version: '4.2.3+head', status: 'done' },
          { id: 'cxf', version: '4.2.3', status: 'done' },
        ],
      },
    );
    expect(describeAbHead(run)).toBe(
      'A/B of two WSDLs: cxf@4.2.3 is the base WSDL, cxf@4.2.3+head the head WSDL (orders.zip)',
    );
  });

  it('says nothing for a run of one WSDL or a head it cannot read', () => {
    expect(describeAbHead(completedRunFixture)).toBeUndefined();
    expect(describeAbHead({ ...completedRunFixture, analysis: undefined })).toBeUndefined();
    for (const head of [
      null,
      'gsoap@2.8.124+head',
      ['x'],
      {},
      { stack: '' },
      { stack: 42, fileName: 'a.wsdl' },
    ]) {
      expect(readAbHead({ head })).toBeUndefined();
      expect(describeAbHead(withHead(head))).toBeUndefined();
    }
  });

  it('reads only the strings it expects, and leaves out a file name it was not given', () => {
    expect(
      readAbHead({ head: { stack: 'gsoap@1+head', operations: ['echo', 3, null], fileName: 7 } }),
    ).toEqual({
      stack: 'gsoap@1+head',
      fileName: undefined,
      entry: undefined,
      operations: ['echo'],
    });
    expect(describeAbHead(withHead({ stack: 'gsoap@2.8.124+head' }))).toBe(
      'A/B of two WSDLs: gsoap@2.8.124 is the base WSDL, gsoap@2.8.124+head the head WSDL',
    );
  });
});
