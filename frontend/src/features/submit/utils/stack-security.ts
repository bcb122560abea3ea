import type { Stack } from '@/types/api-models';

/**
 * The security modes a stack honours at the chosen version: the version's own list where its
 * manifest narrows it (an older line that cannot sign, say), else the stack's features.
 */
export function securityAt(stack: Stack, version: string | undefined): string[] | undefined {
  const chosen = version ?? stack.defaultVersion;
  return stack.securityByVersion?.[chosen] ?? stack.features?.security;
}
