import type { ReactNode } from 'react';

/**
 * A wide table's own sideways scroll, so that the page does not scroll on a phone. The region is
 * focusable, so that a keyboard can scroll it too, and named for screen readers.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
