import { describe, expect, it } from 'vitest';
import {
  absoluteTimePanels,
  normalisedTimePanels,
  studyChartPanels,
  throughputVsSizePanels,
} from '@/features/studies/utils/study-chart-options';
import { sosnoskiStudyFixture, sosnoskiStudyRunFixture, wso2StudyRunFixture } from '@/testing/study-fixtures';
import type { StudyRun } from '@/types/api-models';

const names = (id: string) =>
  ({ cxf: 'Apache CXF', metro: 'Metro', axis2: 'Apache Axis2', gsoap: 'gSOAP' })[id] ?? id;

type BarOption = {
  xAxis: { data: string[] };
  series: { name: string; type: string; data: (number | null)[] }[];
};
type LineOption = BarOption & { series: { connectNulls: boolean }[] };

describe('study charts', () => {
  it('draws one absolute-time chart per request sequence, security modes along x, one bar series per stack', () => {
    const panels = absoluteTimePanels(sosnoskiStudyRunFixture, sosnoskiStudyFixture, names);
    expect(panels.map((panel) => panel.title)).toEqual([
      'Time for the request sequence: 1,000 requests, small responses, best of the repetitions (seconds, lower is better)',
      'Time for the request sequence: 100 requests, large responses, best of the repetitions (seconds, lower is better)',
    ]);
    const small = panels[0].option as BarOption;
    expect(small.xAxis.data).toEqual(['plain', 'username', 'sign (pending)', 'signencr (pending)']);
    expect(small.series.map((serie) => serie.name)).toEqual(['Apache CXF', 'Metro', 'Apache Axis2']);
    const cxf = small.series[0].data;
    // best = sequence / (throughput × 1.02) in the fixture
    expect(cxf[0]).toBeCloseTo(1000 / (2000 * 1.02));
    expect(cxf.slice(2)).toEqual([null, null]);
  });

  it('never turns a pending cell into zero, in the bars or in the accessible description', () => {
    const [small] = absoluteTimePanels(sosnoskiStudyRunFixture, sosnoskiStudyFixture, names);
    for (const serie of (small.option as BarOption).series.filter((s) => s.type === 'bar')) {
      expect(serie.data.slice(2)).not.toContain(0);
    }
    expect(small.description).toContain('sign: pending; signencr: pending');
    expect(small.description).toMatch(/plain: Apache CXF 0\.49 s, Metro 0\.45 s, Apache Axis2 1\.09 s/);
  });

  it('normalises time to the baseline stack, which is 1', () => {
    const [small] = normalisedTimePanels(sosnoskiStudyRunFixture, sosnoskiStudyFixture, names);
    expect(small.title).toMatch(
      /^Time relative to Apache CXF: 1,000 requests, small responses \(Apache CXF = 1/,
    );
    const [cxf, metro, axis2] = (small.option as BarOption).series;
    expect(cxf.data[0]).toBe(1);
    expect(metro.data[0]).toBeCloseTo(2000 / 2200);
    expect(axis2.data[0]).toBeCloseTo(2000 / 900);
  });

  it('leaves a stack out of a cell where it has no figures yet, as no data', () => {
    const [, large] = absoluteTimePanels(sosnoskiStudyRunFixture, sosnoskiStudyFixture, names);
    const [, metro] = (large.option as BarOption).series;
    expect(metro.data[1]).toBeNull();
    expect(large.description).toContain('username: Apache CXF 2.18 s, Metro no data, Apache Axis2 no data');
  });

  it('plots throughput against message size with one line per stack, split by security mode', () => {
    const panels = throughputVsSizePanels(wso2StudyRunFixture, undefined, names);
    expect(panels).toHaveLength(2);
    const plain = panels[0].option as LineOption;
    expect(plain.xAxis.data).toEqual(['150b', '1kb', '10kb', '100kb']);
    expect(plain.series.map((serie) => [serie.name, serie.type, serie.data])).toEqual([
      ['gSOAP', 'line', [9000, 8000, 4000, 600]],
      ['Apache CXF', 'line', [4000, 3600, 1500, 250]],
    ]);
    const signencr = panels[1].option as LineOption;
    expect(signencr.xAxis.data).toEqual([
      '150b (pending)',
      '1kb (pending)',
      '10kb (pending)',
      '100kb (pending)',
    ]);
    expect(signencr.series.every((serie) => serie.data.every((value) => value === null))).toBe(true);
    expect(signencr.series[0].connectNulls).toBe(false);
    expect(panels.map((panel) => panel.allPending)).toEqual([false, true]);
    expect(panels[1].description).toMatch(/^Throughput against message size: signencr .*150b: pending/);
  });

  it('picks the chart forms from the study chart kind', () => {
    expect(studyChartPanels(wso2StudyRunFixture, undefined, names).map((panel) => panel.title)).toEqual([
      expect.stringMatching(/^Throughput against message size: plain/),
      expect.stringMatching(/^Throughput against message size: signencr/),
    ]);
    expect(studyChartPanels(sosnoskiStudyRunFixture, sosnoskiStudyFixture, names)).toHaveLength(4);
  });

  it('puts the methods along x when the study has one security mode and several methods', () => {
    const [plain] = sosnoskiStudyRunFixture.cells;
    const xins: StudyRun = {
      ...sosnoskiStudyRunFixture,
      chart: { kind: 'normalised', metric: 'throughput-median', baseline: 'cxf' },
      cells: [
        { ...plain, id: 'article', size: 'simple-types', method: 'article' },
        { ...plain, id: 'corrected', size: 'simple-types', method: 'corrected' },
      ],
    };
    const study = {
      ...sosnoskiStudyFixture,
      matrix: {
        ...sosnoskiStudyFixture.matrix,
        sizes: [{ id: 'simple-types', label: 'SimpleTypes' }],
        methods: [
          { id: 'article', label: 'as in 2007' },
          { id: 'corrected', label: 'corrected' },
        ],
      },
    };
    const [normalised, throughput] = studyChartPanels(xins, study, names);
    expect(normalised.title).toMatch(/^Time relative to Apache CXF \(Apache CXF = 1/);
    expect((normalised.option as BarOption).xAxis.data).toEqual(['as in 2007', 'corrected']);
    expect(throughput.title).toBe('Throughput (requests per second, higher is better)');
    expect((throughput.option as BarOption).series[1].data).toEqual([2200, 2200]);
  });
});
