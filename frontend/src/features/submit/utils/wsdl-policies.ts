import type { Analysis } from '@/types/api-models';

export type WsdlPolicy = NonNullable<Analysis['policies']>[number];

/**
 * A policy the requests would have to satisfy: one that requires an assertion where it applies (a
 * binding, operation, message, port or service). One only declared in the definitions applies
 * where it is referred to, and that reference is listed on its own.
 */
export function isRequired(policy: WsdlPolicy): boolean {
  return (policy.assertions?.length ?? 0) > 0 && policy.attachedTo !== 'definitions';
}

export function requiredPolicies(analysis: Analysis | undefined): WsdlPolicy[] {
  return (analysis?.policies ?? []).filter(isRequired);
}

/** `echo-policy.wsdl:59`, the file alone without a line, '' without either. */
export function policyWhere(policy: WsdlPolicy): string {
  if (!policy.file) return '';
  return policy.line == null ? policy.file : `${policy.file}:${policy.line}`;
}

function withWhere(text: string, policy: WsdlPolicy): string {
  const where = policyWhere(policy);
  return where ? `${text} (${where})` : text;
}

/**
 * `This WSDL requires a WS-Policy: sp:SymmetricBinding on binding EchoBinding (echo-policy.wsdl:59).
 * SOAPBench's requests do not satisfy it, so no stack is measured with it as it stands.`
 */
export function describeRequired(required: WsdlPolicy[]): string {
  const parts = required.map((policy) =>
    withWhere(`${(policy.assertions ?? []).join(', ')} on ${policy.attachedTo ?? 'the WSDL'}`, policy),
  );
  if (required.length === 1)
    return `This WSDL requires a WS-Policy: ${parts[0]}. SOAPBench's requests do not satisfy it, so no stack is measured with it as it stands.`;
  return `This WSDL requires WS-Policies: ${parts.join('; ')}. SOAPBench's requests do not satisfy them, so no stack is measured with them as they stand.`;
}

/** A policy that requires nothing of the requests, for information. */
export function describeInformational(policy: WsdlPolicy): string {
  const assertions = policy.assertions ?? [];
  if (policy.attachedTo === 'definitions') {
    const head = withWhere(`${policy.id || 'A policy'} declared in the definitions`, policy);
    return assertions.length > 0
      ? `${head}: ${assertions.join(', ')}, required only where it is referred to`
      : `${head}: no required assertion`;
  }
  const place = `${policy.id ? `${policy.id} on` : 'On'} ${policy.attachedTo ?? 'the WSDL'}`;
  return `${withWhere(place, policy)}: no required assertion, only optional ones`;
}
