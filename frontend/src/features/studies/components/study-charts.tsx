import { lazy, Suspense } from 'react';
import { Loading } from '@/components/ui/loading';
import type { StudyChartPanel } from '@/features/studies/utils/study-chart-options';

// ECharts is most of the bundle; load it only where a chart is drawn.
const EChart = lazy(() => import('@/components/ui/echart').then((module) => ({ default: module.EChart })));

export function StudyCharts({ panels }: { panels: StudyChartPanel[] }) {
  return (
    <section className="card" aria-labelledby="charts-heading">
      <h2 id="charts-heading">The article's charts, with our figures</h2>
      {panels.length === 0 ? (
        <p className="muted">Nothing to chart yet.</p>
      ) : (
        <Suspense fallback={<Loading what="charts" />}>
          <div className="chart-grid">
            {panels.map((panel) =>
              panel.allPending ? (
                <figure key={panel.title} className="chart">
                  <figcaption>{panel.title}</figcaption>
                  <p className="muted">Pending: no stack can run these cells' security mode yet.</p>
                </figure>
              ) : (
                <EChart
                  key={panel.title}
                  title={panel.title}
                  description={panel.description}
                  option={panel.option}
                  height={320}
                />
              ),
            )}
          </div>
        </Suspense>
      )}
    </section>
  );
}
