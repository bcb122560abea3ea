import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueuePlace } from '@/features/runs/components/queue-place';
import { describeWait } from '@/features/runs/utils/describe-time';
import { completedRunFixture } from '@/testing/fixtures';
import type { Run } from '@/types/api-models';

const queued: Run = {
  ...completedRunFixture,
  status: 'queued',
  queue: {
    position: 3,
    running: 1,
    workers: 1,
    estimatedStartSeconds: 260,
    basis: 'From the estimates of the work ahead, scaled by 0.31 (...), shared among 1 live worker(s).',
  },
};

describe('queue place', () => {
  it('says where a queued run stands, when a worker should take it, and how that was estimated', () => {
    render(<QueuePlace run={queued} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Waiting for a worker. Number 3 in line (2 runs ahead of it); 1 run is on the workers now. A worker should take it in about 4 min.',
    );
    expect(screen.getByText(/scaled by 0.31/)).toBeInTheDocument();
  });

  it('says plainly when no worker of its class is live', () => {
    render(
      <QueuePlace
        run={{
          ...queued,
          queue: { ...queued.queue!, position: 1, running: 0, workers: 0, estimatedStartSeconds: null },
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'It is next in line. No worker of its class is live',
    );
  });

  it('shows nothing once the run has left the queue', () => {
    const { container } = render(<QueuePlace run={{ ...queued, status: 'running' }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('rounds an estimate to what it can carry', () => {
    expect(describeWait(12)).toBe('about 10 s');
    expect(describeWait(89)).toBe('about 1 min');
    expect(describeWait(3 * 3600 + 20 * 60)).toBe('about 3 h 20 min');
    expect(describeWait(7200)).toBe('about 2 h');
  });
});

describe('queue place while waiting', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T10:02:10Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts the time since submission every second, outside the status line', () => {
    // Submitted at 10:00:00.
    render(<QueuePlace run={queued} />);
    const clock = screen.getByText('2 min 10 s');
    expect(screen.getByRole('status')).not.toContainElement(clock);
    expect(clock.closest('p')).toHaveTextContent('Waiting for 2 min 10 s since it was submitted.');
    act(() => vi.advanceTimersByTime(3_000));
    expect(clock).toHaveTextContent('2 min 13 s');
  });
});
