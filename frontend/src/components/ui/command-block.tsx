import { CopyButton } from '@/components/ui/copy-button';

type CommandBlockProps = {
  command: string;
  // What the command does, for its Copy button's name: "Copy the install command".
  name: string;
};

/** A shell command to copy: it scrolls inside its own box on a narrow screen, never the page. */
export function CommandBlock({ command, name }: CommandBlockProps) {
  return (
    <div className="command-block">
      <pre>
        <code>{command}</code>
      </pre>
      <div className="command-copy">
        <CopyButton text={command} label="Copy" accessibleName={`Copy ${name}`} whatToSelect="the command" />
      </div>
    </div>
  );
}
