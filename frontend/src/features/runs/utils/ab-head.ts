import type { Run } from '@/types/api-models';

/** The head of an A/B of two WSDLs in one run, as the backend puts it into the run's analysis. */
export type AbHead = {
  // `gsoap@2.8.124+head`: the run's one stack built from the head WSDL.
  stack: string;
  fileName?: string;
  entry?: string;
  operations: string[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * `analysis.head`, read defensively: it is not a typed field of the contract, so anything but an
 * object naming its stack counts as no head.
 */
export function readAbHead(analysis: unknown): AbHead | undefined {
  if (!isRecord(analysis) || !isRecord(analysis.head)) return undefined;
  const head = analysis.head;
  const stack = text(head.stack);
  if (!stack) return undefined;
  return {
    stack,
    fileName: text(head.fileName),
    entry: text(head.entry),
    operations: Array.isArray(head.operations)
      ? head.operations.filter((operation): operation is string => typeof operation === 'string')
      : [],
  };
}

/** The base of the A/B: the run's reference, else its stack that is not the head. */
function baseStack(run: Run, head: AbHead): string {
  const reference = text(run.workload?.reference);
  if (reference && reference !== head.stack) return reference;
  const base = run.stacks.find((stack) => `${stack.id}@${stack.version}` !== head.stack);
  if (base) return `${base.id}@${base.version}`;
  return head.stack.replace(/\+head$/, '');
}

/**
 * `A/B of two WSDLs: gsoap@2.8.124 is the base WSDL, gsoap@2.8.124+head the head WSDL (service.wsdl)`,
 * or undefined for a run of one WSDL.
 */
export function describeAbHead(run: Run): string | undefined {
  const head = readAbHead(run.analysis);
  if (!head) return undefined;
  const file = head.fileName ?? head.entry;
  return `A/B of two WSDLs: ${baseStack(run, head)} is the base WSDL, ${head.stack} the head WSDL${file ? ` (${file})` : ''}`;
}
