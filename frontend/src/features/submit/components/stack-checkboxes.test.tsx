import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StackCheckboxes } from '@/features/submit/components/stack-checkboxes';
import { initialFormValues } from '@/features/submit/utils/submit-form-values';
import { stacksFixture } from '@/testing/fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { Stack } from '@/types/api-models';

const wsfcpp: Stack = {
  id: 'wsfcpp',
  displayName: 'WSO2 WSF/C++',
  language: 'C++',
  versions: ['3.0.0'],
  defaultVersion: '3.0.0',
  features: { soapVersions: ['1.1'], styles: ['document-literal-wrapped'], security: ['plain'] },
  knownDefects: [],
  variants: [],
  securityByVersion: { '3.0.0': ['plain'] },
  availability: [
    { hardwareClass: 'c5-large', available: true },
    { hardwareClass: 'local', available: false, reason: 'WSFCPP_HOME is not set' },
  ],
};

const axis2: Stack = {
  id: 'axis2',
  displayName: 'Apache Axis2',
  language: 'Java',
  versions: ['2.0.0'],
  defaultVersion: '2.0.0',
  features: { soapVersions: ['1.1'], styles: ['document-literal-wrapped'], security: ['plain'] },
  knownDefects: [
    {
      feature: 'date-without-zone',
      reason: 'ADB writes an xsd:date back with the server zone',
    },
    { feature: 'choice', reason: 'drops the second branch' },
  ],
  variants: [],
  securityByVersion: { '2.0.0': ['plain'] },
  availability: [],
};

const metro: Stack = { ...axis2, id: 'metro', displayName: 'Metro', knownDefects: [], availability: [] };

function renderCheckboxes(stacks: Stack[], hardwareClass = 'local', selectedStacks: string[] = []) {
  mockFetch({ 'GET /api/v1/stacks': () => jsonResponse(stacks) });
  const onChange = vi.fn();
  renderWithProviders(
    <StackCheckboxes
      values={{ ...initialFormValues(), selectedStacks }}
      hardwareClass={hardwareClass}
      onChange={onChange}
    />,
  );
  return { onChange };
}

describe('StackCheckboxes', () => {
  it('disables a stack the chosen class cannot run and shows the reason next to it', async () => {
    const user = userEvent.setup();
    const { onChange } = renderCheckboxes([...stacksFixture, wsfcpp], 'local', ['wsfcpp']);

    const checkbox = await screen.findByRole('checkbox', { name: 'WSO2 WSF/C++' });
    expect(checkbox).toBeDisabled();
    expect(checkbox).not.toBeChecked();
    expect(screen.getByText('Unavailable on local workers: WSFCPP_HOME is not set')).toBeVisible();
    expect(checkbox).toHaveAccessibleDescription(/Unavailable on local workers: WSFCPP_HOME is not set/);

    await user.click(checkbox);
    expect(onChange).not.toHaveBeenCalled();

    const gsoap = screen.getByRole('checkbox', { name: 'gSOAP' });
    expect(gsoap).toBeEnabled();
    expect(gsoap).toHaveAccessibleDescription(/Available on local workers\./);
  });

  it('follows the chosen hardware class', async () => {
    renderCheckboxes([wsfcpp], 'c5-large');

    const checkbox = await screen.findByRole('checkbox', { name: 'WSO2 WSF/C++' });
    expect(checkbox).toBeEnabled();
    expect(screen.queryByText(/WSFCPP_HOME/)).not.toBeInTheDocument();
    expect(checkbox).toHaveAccessibleDescription(/Available on c5-large workers\./);
  });

  it('says when no worker, or no worker of the class, has reported a stack, and leaves it selectable', async () => {
    renderCheckboxes([metro, wsfcpp], 'arm-small');

    const unreported = await screen.findByRole('checkbox', { name: 'Metro' });
    expect(unreported).toBeEnabled();
    expect(unreported).toHaveAccessibleDescription(/No worker has reported this stack\./);
    expect(screen.getByRole('checkbox', { name: 'WSO2 WSF/C++' })).toHaveAccessibleDescription(
      /No worker of class arm-small has reported this stack\./,
    );
  });

  it('names known defects in a summary the checkbox points to and opens to their reasons', async () => {
    const user = userEvent.setup();
    renderCheckboxes([axis2, metro]);

    const checkbox = await screen.findByRole('checkbox', { name: 'Apache Axis2' });
    expect(checkbox).toHaveAccessibleDescription(/Known defects: date-without-zone, choice/);
    const reason = screen.getByText(/ADB writes an xsd:date back with the server zone/);
    expect(reason).not.toBeVisible();

    await user.click(screen.getByText('Known defects: date-without-zone, choice'));
    expect(reason).toBeVisible();
    expect(reason.closest('li')).toHaveTextContent('date-without-zone — ADB writes an xsd:date back');

    const clean = screen.getByRole('checkbox', { name: 'Metro' });
    expect(clean.getAttribute('aria-describedby')).not.toMatch(/defects/);
    expect(screen.getAllByText(/^Known defects/)).toHaveLength(1);
  });
});
