import { describe, expect, it } from 'vitest';
import { buildWorkload } from '@/features/submit/utils/build-workload';
import { initialFormValues } from '@/features/submit/utils/submit-form-values';
import { toSubmitInput } from '@/features/submit/utils/to-submit-input';
import { validateSubmitForm } from '@/features/submit/utils/validate-submit-form';
import { stacksFixture } from '@/testing/fixtures';

describe('submit form values', () => {
  it("starts at the schema's defaults and then sends only the stacks, for the server to write the rest", () => {
    const values = initialFormValues();
    expect(values).toMatchObject({
      connections: '25',
      requests: '2000',
      warmup: '500',
      repetitions: '8',
      security: ['plain'],
      visibility: 'public',
    });
    expect(buildWorkload({ ...values, selectedStacks: ['gsoap'] }, stacksFixture)).toEqual({
      stacks: ['gsoap'],
    });
  });

  it('orders stacks as the server lists them, whatever the click order', () => {
    const values = { ...initialFormValues(), selectedStacks: ['cxf', 'gsoap'] };
    expect(buildWorkload(values, stacksFixture).stacks).toEqual(['gsoap', 'cxf']);
  });

  it('leaves out a chosen stack that the class has since reported unavailable', () => {
    const gsoapDown = stacksFixture.map((stack) =>
      stack.id === 'gsoap'
        ? {
            ...stack,
            availability: [{ hardwareClass: 'local', available: false, reason: 'soapcpp2 missing' }],
          }
        : stack,
    );
    const values = { ...initialFormValues(), catalog: 'echo', selectedStacks: ['gsoap', 'cxf'] };
    expect(buildWorkload(values, gsoapDown).stacks).toEqual(['cxf']);
    expect(validateSubmitForm(values, gsoapDown)).toEqual({});
    expect(validateSubmitForm({ ...values, selectedStacks: ['gsoap'] }, gsoapDown).selectedStacks).toBe(
      'Select at least one stack.',
    );
  });

  it('accepts a warm-up of zero but not negative numbers or blanks', () => {
    const base = { ...initialFormValues(), catalog: 'echo', selectedStacks: ['gsoap'] };
    expect(validateSubmitForm({ ...base, warmup: '0' })).toEqual({});
    expect(validateSubmitForm({ ...base, warmup: '-1' }).warmup).toMatch(/^Warm-up requests must be/);
    expect(validateSubmitForm({ ...base, requests: ' ' }).requests).toMatch(/^Requests must be/);
    expect(validateSubmitForm({ ...base, connections: '1001' }).connections).toMatch(/1 to 1,000/);
  });

  it('drops the entry for a plain WSDL file', () => {
    const values = {
      ...initialFormValues(),
      source: 'upload' as const,
      file: new File(['<definitions/>'], 'echo.wsdl'),
      entry: 'left-over.wsdl',
      selectedStacks: ['gsoap'],
    };
    const input = toSubmitInput(values, stacksFixture);
    expect(input.kind).toBe('upload');
    expect(input).not.toHaveProperty('entry');
  });

  it('rejects an empty upload', () => {
    const values = {
      ...initialFormValues(),
      source: 'upload' as const,
      file: new File([], 'empty.wsdl'),
      selectedStacks: ['gsoap'],
    };
    expect(validateSubmitForm(values).file).toBe('"empty.wsdl" is empty.');
  });

  it('refuses a private run without a token, as the backend would', () => {
    const base = {
      ...initialFormValues(),
      catalog: 'echo',
      selectedStacks: ['gsoap'],
      visibility: 'private' as const,
    };
    expect(validateSubmitForm(base).visibility).toBe(
      'A private run needs an API token: enter yours below, or choose Unlisted.',
    );
    expect(validateSubmitForm({ ...base, token: '   ' }).visibility).toBeDefined();
    expect(validateSubmitForm({ ...base, token: 'sb_x' })).toEqual({});
    expect(validateSubmitForm({ ...base, visibility: 'unlisted' })).toEqual({});
  });
});
