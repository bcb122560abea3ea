import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClientServerCosts } from '@/features/studies/components/client-server-costs';
import { nativeCostCellsFixture } from '@/features/studies/testing/claim-fixtures';
import { wso2StudyRunFixture } from '@/testing/study-fixtures';

const names = (id: string) => ({ cxf: 'Apache CXF', gsoap: 'gSOAP' })[id] ?? id;

describe('ClientServerCosts', () => {
  it("puts each stack's client beside its server, per request, for the cells its own client drove", () => {
    render(<ClientServerCosts cells={nativeCostCellsFixture} stackName={names} sizeLabel={(size) => size} />);

    const region = screen.getByRole('region', { name: 'Client and server costs' });
    const table = within(region).getByRole('table', { name: 'Client and server costs per stack and cell' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['small · plainsmall/plain/c1/article', 'Apache CXF', '0.420', '3.10', '250', '150'],
      ['small · plainsmall/plain/c1/article', 'gSOAP', '0.050', '≤ 0.041', '8.0', '6.0'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'gSOAP' })).toBeInTheDocument();
    expect(within(table).getByTitle(/An upper bound: the whole drive's CPU/)).toHaveTextContent('≤ 0.041');
  });

  it('shows nothing where the neutral driver sent the load', () => {
    const { container } = render(
      <ClientServerCosts cells={wso2StudyRunFixture.cells} stackName={names} sizeLabel={(size) => size} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
