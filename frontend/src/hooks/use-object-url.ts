import { useEffect, useMemo } from 'react';

// Revocations wait a tick: StrictMode runs an effect's cleanup and then the effect again with the
// same URL, which must then still work. The second run cancels the first cleanup's revocation.
const pendingRevocations = new Map<string, number>();

/** A Blob URL of `text` for a download link, valid while the component shows it and the text is unchanged. */
export function useObjectUrl(text: string, type: string): string {
  const url = useMemo(() => URL.createObjectURL(new Blob([text], { type })), [text, type]);
  useEffect(() => {
    const pending = pendingRevocations.get(url);
    if (pending !== undefined) {
      window.clearTimeout(pending);
      pendingRevocations.delete(url);
    }
    return () => {
      const timer = window.setTimeout(() => {
        pendingRevocations.delete(url);
        URL.revokeObjectURL(url);
      }, 0);
      pendingRevocations.set(url, timer);
    };
  }, [url]);
  return url;
}
