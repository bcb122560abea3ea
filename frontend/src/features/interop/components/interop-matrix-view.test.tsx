import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InteropMatrixView } from '@/features/interop/components/interop-matrix-view';
import { interopMatrixFixture, longFault } from '@/features/interop/testing/interop-fixtures';

function matrixOf(mode: string) {
  return screen.getByRole('region', { name: `Security ${mode}` });
}

function cellAt(mode: string, row: number, column: number): HTMLElement {
  const rows = within(matrixOf(mode)).getAllByRole('row');
  return rows[row].querySelectorAll<HTMLElement>('td')[column];
}

describe('InteropMatrixView', () => {
  it('draws one matrix per security mode, clients as rows and servers as columns', () => {
    render(<InteropMatrixView matrix={interopMatrixFixture} />);

    for (const mode of ['plain', 'sign']) {
      const table = within(matrixOf(mode)).getByRole('table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['client \\ server', 'Apache CXF 4.2.3', 'Metro 4.0.5']);
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((th) => th.textContent),
      ).toEqual(['Apache CXF 4.2.3', 'Metro 4.0.5']);
      expect(table.querySelectorAll('td')).toHaveLength(4);
    }
  });

  it('shows each outcome with what it says', () => {
    render(<InteropMatrixView matrix={interopMatrixFixture} />);

    const pass = cellAt('plain', 1, 0);
    expect(pass).toHaveAttribute('data-outcome', 'pass');
    expect(pass).toHaveTextContent('1,900 req/s · p99 1.20 ms');
    // A plain cell is the baseline: it has no cost of its own.
    expect(pass).not.toHaveTextContent('throughput,');

    const fail = cellAt('plain', 1, 1);
    expect(fail).toHaveAttribute('data-outcome', 'fail');
    // The worker's text is shown as text, never as markup.
    expect(fail).toHaveTextContent('server: verify: echo: <b>text</b> differs');
    expect(fail.querySelector('b')).toBeNull();

    const unsupported = cellAt('plain', 2, 0);
    expect(unsupported).toHaveAttribute('data-outcome', 'unsupported');
    expect(unsupported).toHaveTextContent('metro has no own client for this WSDL');

    const pending = cellAt('plain', 2, 1);
    expect(pending).toHaveAttribute('data-outcome', 'pending');
    expect(pending).toHaveTextContent('pending');
  });

  it("reads a secured cell's cost against the same pair in plain", () => {
    render(<InteropMatrixView matrix={interopMatrixFixture} />);

    const secured = cellAt('sign', 1, 0);
    expect(secured).toHaveTextContent('812 req/s · p99 3.90 ms');
    expect(secured).toHaveTextContent('x0.43 throughput, x3.3 p99');
  });

  it('cuts a long failure in the cell and keeps the whole text one click away', () => {
    render(<InteropMatrixView matrix={interopMatrixFixture} />);

    const fail = cellAt('sign', 1, 1);
    const summary = fail.querySelector('summary');
    expect(summary?.textContent).toHaveLength(80);
    expect(summary?.textContent?.endsWith('…')).toBe(true);
    expect(fail.querySelector('pre')?.textContent).toBe(longFault);
  });

  it('says in the legend what the figures are', () => {
    render(<InteropMatrixView matrix={interopMatrixFixture} />);

    expect(screen.getByLabelText('Legend')).toHaveTextContent(
      "Each cell is 50 requests over 1 connection from the client's own stack",
    );
    expect(screen.getByLabelText('Legend')).toHaveTextContent('not a ranking');
  });
});
