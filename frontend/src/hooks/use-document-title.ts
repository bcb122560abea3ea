import { useEffect } from 'react';

export const siteName = 'SOAPBench';

/** `Run fD6faTKnTi — SOAPBench`; the site's name alone without a page title. */
export function documentTitle(page?: string): string {
  const trimmed = page?.trim();
  return trimmed ? `${trimmed} — ${siteName}` : siteName;
}

/** Sets the tab's title for as long as the page is shown; each route calls it once. */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
