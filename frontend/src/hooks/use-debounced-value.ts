import { useEffect, useState } from 'react';

/**
 * The value as it was once it stopped changing for `delayMs`: a request follows the user's last
 * edit, not every keystroke. Pass a primitive (e.g. JSON): a new object on every render would
 * restart the wait on every render.
 */
export function useDebouncedValue<T extends string | number | boolean | null>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
