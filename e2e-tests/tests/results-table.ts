import { expect, type Locator, type Page } from '@playwright/test';

export function resultsTable(page: Page): Locator {
  return page.getByRole('table', { name: /^Results per stack/ });
}

/** The figures in one stack's row of the results table, keyed by column header. */
export async function stackFigures(table: Locator, stackName: string): Promise<Record<string, string>> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: stackName, exact: true }) });
  await expect(row, `one results row for ${stackName}`).toHaveCount(1);
  const cells = await row.locator('th, td').allInnerTexts();
  return Object.fromEntries(headers.map((header, index) => [header.trim(), (cells[index] ?? '').trim()]));
}

/** The leading figure of a cell: throughput cells go on with their confidence interval, `[low–high]`. */
export function parseFigure(text: string): number {
  const [figure = ''] = text.trim().split(/\s/);
  return Number(figure.replace(/,/g, ''));
}

/** The verdicts of a cell: `Verdicts` when the run gave them, `Verdict` with the reason when it did not. */
export function verdicts(page: Page, { given }: { given: boolean }): Locator {
  return page.getByRole('region', { name: given ? 'Verdicts' : 'Verdict', exact: true });
}
