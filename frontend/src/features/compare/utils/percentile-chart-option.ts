import {
  describePercentileLine,
  percentileLinesOption,
  stackColours,
} from '@/components/ui/percentile-chart-option';
import type { CompareCell, ComparedRun } from '@/types/api-models';

// The axis is shared with the run page's percentile charts; its helpers are re-exported for this page.
export {
  PERCENTILE_TICKS,
  percentileAxisValue,
  percentileLabel,
} from '@/components/ui/percentile-chart-option';

// A stack keeps its colour in every run; a run keeps its dash in every stack.
const runDashes: (string | number[])[] = ['solid', 'dashed', 'dotted', [10, 4, 2, 4], [2, 6]];

export type StackNames = (stack: string) => string;

type CurveChart = {
  cell: CompareCell;
  runs: ComparedRun[];
  names: StackNames;
};

function seriesName(run: ComparedRun, stack: string, names: StackNames, runCount: number): string {
  const baseline = run.baseline && runCount > 1 ? ' (baseline)' : '';
  return runCount > 1 ? `${names(stack)} · ${run.slug}${baseline}` : names(stack);
}

/** One line per run × stack: latency (ms) against 1/(1 − p) on a log axis labelled 50 % … 99.99 %. */
export function percentileChartOption({ cell, runs, names }: CurveChart) {
  const stacks = cell.stacks.map((stack) => stack.stack);
  return percentileLinesOption(
    cell.curves.map((curve) => {
      const runIndex = Math.max(
        0,
        runs.findIndex((run) => run.id === curve.run),
      );
      const run = runs[runIndex];
      return {
        name: run
          ? seriesName(run, curve.stack, names, runs.length)
          : `${names(curve.stack)} · ${curve.slug}`,
        colour: stackColours[Math.max(0, stacks.indexOf(curve.stack)) % stackColours.length],
        dash: runDashes[runIndex % runDashes.length],
        width: run?.baseline ? 2.5 : 1.75,
        points: curve.points,
      };
    }),
  );
}

/** Every curve read aloud, since the drawing says nothing to a screen reader. */
export function describePercentileChart({ cell, runs, names }: CurveChart, title: string): string {
  const lines = cell.curves.map((curve) => {
    const run = runs.find((candidate) => candidate.id === curve.run);
    const name = run ? seriesName(run, curve.stack, names, runs.length) : curve.stack;
    return describePercentileLine(name, curve.points, curve.maxMs);
  });
  return lines.length ? `${title}. ${lines.join('; ')}` : `${title}. No latency recorded.`;
}
