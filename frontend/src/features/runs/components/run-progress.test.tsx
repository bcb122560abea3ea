import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunProgress } from '@/features/runs/components/run-progress';
import { completedRunFixture, measuringRunFixture } from '@/testing/fixtures';

describe('run progress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Six minutes after the run started.
    vi.setSystemTime(new Date('2026-11-20T10:06:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('says what the worker is doing and how many measurements are in, in a polite live region', () => {
    render(<RunProgress run={measuringRunFixture} />);
    const progress = screen.getByRole('region', { name: 'Progress' });
    const live = progress.querySelector('[aria-live="polite"]')!;
    expect(live).toHaveTextContent('Now: measuring cxf (round 2 of 5)3 of 10 measurements done.');
    expect(within(progress).getByText('measuring cxf (round 2 of 5)').tagName).toBe('STRONG');
  });

  it('ticks the time since the start every second, outside the live region', () => {
    render(<RunProgress run={measuringRunFixture} />);
    const clock = screen.getByText('6 min 00 s');
    expect(clock.closest('[aria-live="polite"]')).toBeNull();
    expect(clock.closest('p')).toHaveAttribute('aria-live', 'off');
    act(() => vi.advanceTimersByTime(1_000));
    expect(clock).toHaveTextContent('6 min 01 s');
    act(() => vi.advanceTimersByTime(64_000));
    expect(clock).toHaveTextContent('7 min 05 s');
  });

  it('extrapolates the time left from the pace so far', () => {
    render(<RunProgress run={measuringRunFixture} />);
    // 6 minutes for 3 measurements: the 7 left take about 14 minutes.
    expect(screen.getByText(/^Running for/)).toHaveTextContent(
      'Running for 6 min 00 s; about 14 min left at the pace so far.',
    );
  });

  it('gives only the upper bound it was charged at before the first measurement', () => {
    render(<RunProgress run={{ ...measuringRunFixture, measurements: [], workerStep: 'building cxf' }} />);
    expect(screen.getByText(/^Running for/)).toHaveTextContent(
      'Running for 6 min 00 s; at most about 20 min in all, by the estimate it was charged at.',
    );
    expect(screen.getByText(/measurements done/)).toHaveTextContent('0 of 10 measurements done.');
  });

  it('counts out the rounds a failed stack will not take', () => {
    const run = {
      ...measuringRunFixture,
      stacks: measuringRunFixture.stacks.map((stack) =>
        stack.id === 'cxf' ? { ...stack, status: 'verify_failed' as const } : stack,
      ),
    };
    render(<RunProgress run={run} />);
    expect(screen.getByText(/measurements done/)).toHaveTextContent(
      '3 of 6 measurements done (10 planned; 4 will not be taken, their stack failed).',
    );
  });

  it('says so while the worker has not reported a step, and shows nothing once the run has ended', () => {
    const { unmount } = render(<RunProgress run={{ ...measuringRunFixture, workerStep: null }} />);
    expect(screen.getByText('Waiting for the worker to report its first step.')).toBeInTheDocument();
    unmount();
    const { container } = render(<RunProgress run={completedRunFixture} />);
    expect(container).toBeEmptyDOMElement();
  });
});
