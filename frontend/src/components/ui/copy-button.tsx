import { useEffect, useState } from 'react';

type CopyButtonProps = {
  text: string;
  label: string;
};

export function CopyButton({ text, label }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // Clipboard access needs a secure context or a permission; the text stays selectable beside the button.
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" className="button button-secondary" onClick={copy}>
        {label}
      </button>
      <span role="status" className="muted copy-feedback">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the link and copy it' : ''}
      </span>
    </>
  );
}
