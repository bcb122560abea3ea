import type { ReactNode } from 'react';
import { useObjectUrl } from '@/hooks/use-object-url';

type TextDownloadLinkProps = {
  text: string;
  fileName: string;
  type?: string;
  children: ReactNode;
};

/** A link that saves text made in the browser as a file: nothing is fetched from the server. */
export function TextDownloadLink({
  text,
  fileName,
  type = 'application/json',
  children,
}: TextDownloadLinkProps) {
  const href = useObjectUrl(text, type);
  return (
    <a href={href} download={fileName}>
      {children}
    </a>
  );
}
