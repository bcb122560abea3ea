import { describe, expect, it } from 'vitest';
import {
  formatStackVersion,
  parseWorkloadStackName,
  stackVariant,
  workloadStackName,
} from '@/lib/stack-version';

describe('stack versions', () => {
  it('finds the variant in the build metadata, never a head', () => {
    expect(stackVariant('4.2.3')).toBeUndefined();
    expect(stackVariant('4.2.3+head')).toBeUndefined();
    expect(stackVariant('4.2.3+parallel-gc')).toBe('parallel-gc');
    expect(stackVariant('4.2.3+parallel-gc+head')).toBe('parallel-gc');
  });

  it('writes a variant apart from its version', () => {
    expect(formatStackVersion('4.2.3')).toBe('4.2.3');
    expect(formatStackVersion('4.2.3+head')).toBe('4.2.3+head');
    expect(formatStackVersion('4.2.3+parallel-gc')).toBe('4.2.3 + parallel-gc');
    expect(formatStackVersion('4.2.3+parallel-gc+head')).toBe('4.2.3+head + parallel-gc');
  });

  it('reads and writes the names a workload gives its stacks', () => {
    expect(parseWorkloadStackName('cxf@4.2.3+nio2')).toEqual({
      id: 'cxf',
      version: '4.2.3',
      variant: 'nio2',
    });
    expect(parseWorkloadStackName('cxf+nio2')).toEqual({ id: 'cxf', version: undefined, variant: 'nio2' });
    expect(parseWorkloadStackName('cxf')).toEqual({ id: 'cxf', version: undefined, variant: undefined });
    expect(workloadStackName('cxf', undefined, 'nio2')).toBe('cxf+nio2');
    expect(workloadStackName('cxf', '3.6.10', undefined)).toBe('cxf@3.6.10');
  });
});
