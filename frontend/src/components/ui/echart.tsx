import { BarChart, CustomChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactECharts from 'echarts-for-react/lib/core';

echarts.use([
  BarChart,
  CustomChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  SVGRenderer,
]);

type EChartProps = {
  title: string;
  // The accessible name: the title followed by every charted figure, since the SVG itself says nothing to a screen reader.
  description: string;
  option: object;
  height?: number;
};

export function EChart({ title, description, option, height = 280 }: EChartProps) {
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <ReactECharts
        echarts={echarts}
        option={option}
        opts={{ renderer: 'svg' }}
        notMerge
        role="img"
        aria-label={description}
        style={{ height, width: '100%' }}
      />
    </figure>
  );
}
