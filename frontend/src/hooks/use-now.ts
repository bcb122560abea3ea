import { useEffect, useState } from 'react';

/**
 * The current time in milliseconds, read afresh every `everyMillis` while `ticking`: for a clock
 * that counts up on the page. Stopped, it keeps the last reading and sets no timer.
 */
export function useNow(ticking: boolean, everyMillis = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), everyMillis);
    return () => window.clearInterval(timer);
  }, [ticking, everyMillis]);
  return now;
}
