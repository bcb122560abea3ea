import { CopyButton } from '@/components/ui/copy-button';

export function absoluteShareUrl(shareUrl: string): string {
  return new URL(shareUrl, window.location.origin).toString();
}

export function ShareLink({ shareUrl }: { shareUrl: string }) {
  const url = absoluteShareUrl(shareUrl);
  return (
    <section className="card share" aria-labelledby="share-heading">
      <h2 id="share-heading">Share</h2>
      <div className="share-row">
        <label htmlFor="share-url">Share URL</label>
        <input id="share-url" type="text" readOnly value={url} onFocus={(event) => event.target.select()} />
        <CopyButton text={url} label="Copy share URL" />
      </div>
    </section>
  );
}
