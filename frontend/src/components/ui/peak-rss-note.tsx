/**
 * What a server's peak RSS means, under every table that shows it. A JVM server's heap is fixed
 * and touched at start-up (stack-runners/jvm-host), so its RSS is a budget, not what it needed:
 * without saying so, 1 GiB beside a native server's 20 MiB reads as a fifty-fold appetite.
 */
export function PeakRssNote() {
  return (
    <p className="muted small peak-rss-note">
      Peak RSS is the server&apos;s largest resident set. A JVM server&apos;s heap is fixed at 1 GiB and
      touched at start-up, so that no page fault lands in a measurement: its RSS is that budget and the
      JVM&apos;s own, not what the service needed.
    </p>
  );
}
