import { useStacks } from '@/features/submit/api/get-stacks';

/** Display names from the stack manifests; until they load, or for an unknown stack, the id. */
export function useStackNames(): (stackId: string) => string {
  const stacks = useStacks();
  return (stackId: string) => {
    const [id] = stackId.split('@');
    return stacks.data?.find((stack) => stack.id === id)?.displayName ?? stackId;
  };
}
