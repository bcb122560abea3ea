import { barChartOption, describeBarChart, type BarChartProps } from '@/components/ui/bar-chart-option';
import { EChart } from '@/components/ui/echart';

export function BarChart(props: BarChartProps) {
  return <EChart title={props.title} description={describeBarChart(props)} option={barChartOption(props)} />;
}
