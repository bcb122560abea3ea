/**
 * An interval drawn as ECharts custom-series graphics: a vertical line from `lowY` to `highY` at
 * `x` (pixels) with a cap of half-width `cap` at each end. The bar, leaderboard and project charts
 * all draw their intervals with it.
 */
export function errorBar(x: number, lowY: number, highY: number, cap: number, color: string) {
  const style = { stroke: color, lineWidth: 1.5 };
  return {
    type: 'group',
    children: [
      { type: 'line', shape: { x1: x, y1: highY, x2: x, y2: lowY }, style },
      { type: 'line', shape: { x1: x - cap, y1: highY, x2: x + cap, y2: highY }, style },
      { type: 'line', shape: { x1: x - cap, y1: lowY, x2: x + cap, y2: lowY }, style },
    ],
  };
}
