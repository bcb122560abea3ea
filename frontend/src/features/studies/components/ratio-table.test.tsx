import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatioTable } from '@/features/studies/components/ratio-table';
import { sosnoskiStudyRunFixture } from '@/testing/study-fixtures';

const names = (id: string) => ({ cxf: 'Apache CXF', metro: 'Metro', axis2: 'Apache Axis2' })[id] ?? id;

describe('RatioTable', () => {
  it("prints the article's ratio beside ours, and pending where ours is not measured", () => {
    render(
      <RatioTable
        comparisons={sosnoskiStudyRunFixture.comparisons}
        stackName={names}
        sizeLabel={(size) => `${size} responses`}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Published ratios and ours' }))
      .getAllByRole('row')
      .slice(1);
    const texts = rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(texts).toEqual([
      [
        'Metro over Apache CXF',
        'small responses · every security mode',
        'Metro is about 10 percent faster than CXF.',
        '×1.10',
        '×1.08',
      ],
      [
        'Apache Axis2 over Apache CXF',
        'small responses · every security mode',
        'Axis2 is more than twice as slow as CXF.',
        'at most ×0.50',
        '×0.44',
      ],
      [
        'Apache CXF over Metro',
        'large responses · signencr',
        'CXF is about 15 percent faster.',
        '×1.15',
        'pending',
      ],
    ]);
    expect(rows[2]).toHaveClass('pending');
  });
});
