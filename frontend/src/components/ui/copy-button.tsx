import { useEffect, useState } from 'react';

type CopyButtonProps = {
  text: string;
  label: string;
  // The button's name for assistive technology when several share one visible label ("Copy").
  accessibleName?: string;
  // Said when the clipboard cannot be written: what to select and copy by hand.
  whatToSelect?: string;
};

export function CopyButton({ text, label, accessibleName, whatToSelect = 'the link' }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    // A failure stays: the reader needs it until they have copied by hand.
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      // navigator.clipboard is missing outside a secure context (plain http): that throws here too.
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // Clipboard access needs a secure context or a permission; the text stays selectable beside the button.
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" className="button button-secondary" aria-label={accessibleName} onClick={copy}>
        {label}
      </button>
      <span role="status" className="muted copy-feedback">
        {state === 'copied'
          ? 'Copied'
          : state === 'failed'
            ? `Copy failed: select ${whatToSelect} and copy it`
            : ''}
      </span>
    </>
  );
}
