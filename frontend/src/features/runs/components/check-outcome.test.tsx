import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckOutcome } from '@/features/runs/components/check-outcome';
import { StackStatusList } from '@/features/runs/components/stack-status-list';
import { completedRunFixture } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import type { Run } from '@/types/api-models';

const checkRun: Run = {
  ...completedRunFixture,
  workload: { ...completedRunFixture.workload!, mode: 'check' },
  measurements: [],
  stacks: [
    { id: 'gsoap', displayName: 'gSOAP', version: '2.8.124', status: 'done' },
    {
      id: 'cxf',
      displayName: 'Apache CXF',
      version: '4.2.3',
      status: 'verify_failed',
      reason: 'operation echo: text differs',
    },
  ],
};

describe('a compatibility check', () => {
  it('counts the stacks that verified and gives every other its reason', () => {
    renderWithProviders(<CheckOutcome run={checkRun} />);
    expect(
      screen.getByText('1 of 2 stacks built, served and answered every operation correctly.'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Outcome per stack' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('gSOAP2.8.124plainverified');
    expect(rows[2]).toHaveTextContent('Apache CXF4.2.3plainverification failedoperation echo: text differs');
  });

  it('calls a finished stack verified, not measured, in the stacks list', () => {
    renderWithProviders(<StackStatusList run={checkRun} />);
    expect(screen.getByText('verified')).toBeInTheDocument();
    renderWithProviders(<StackStatusList run={completedRunFixture} />);
    expect(screen.getAllByText('done')).toHaveLength(2);
  });

  it('gives each security mode of a stack its own row and outcome, and lists them under the stack', () => {
    const modesRun: Run = {
      ...checkRun,
      workload: { ...checkRun.workload!, security: ['plain', 'sign'] },
      stacks: [
        {
          id: 'cxf',
          displayName: 'Apache CXF',
          version: '4.2.3',
          status: 'verify_failed',
          reason: 'operation echo: the tampered request was accepted',
          modes: [
            { security: 'plain', status: 'verified' },
            {
              security: 'sign',
              status: 'verify_failed',
              reason: 'operation echo: the tampered request was accepted',
            },
          ],
        },
        {
          id: 'gsoap',
          displayName: 'gSOAP',
          version: '2.8.124',
          status: 'unsupported',
          reason: 'unavailable: not here',
        },
        {
          id: 'metro',
          displayName: 'Metro',
          version: '4.0.5',
          status: 'done',
          modes: [
            { security: 'plain', status: 'verified' },
            { security: 'sign', status: 'unsupported', reason: 'unsupported: security mode sign' },
          ],
        },
      ],
    };
    renderWithProviders(<CheckOutcome run={modesRun} />);
    // Metro is done, but not in sign: no stack passed in every mode.
    expect(
      screen.getByText('0 of 3 stacks built, served and answered every operation correctly.'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Outcome per stack' })).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(rows[5]).toHaveTextContent('Metro4.0.5signunsupportedunsupported: security mode sign');
    expect(rows[1]).toHaveTextContent('Apache CXF4.2.3plainverified');
    expect(rows[2]).toHaveTextContent(
      'Apache CXF4.2.3signverification failedoperation echo: the tampered request was accepted',
    );
    // A failure of the whole stack is one row, for every mode.
    expect(rows[3]).toHaveTextContent('gSOAP2.8.124allunsupportedunavailable: not here');

    renderWithProviders(<StackStatusList run={modesRun} />);
    const modes = within(screen.getByRole('list', { name: 'Security modes of Apache CXF' })).getAllByRole(
      'listitem',
    );
    expect(modes.map((mode) => mode.textContent)).toEqual([
      'plainverified',
      'signverification failedoperation echo: the tampered request was accepted',
    ]);
    expect(screen.queryByRole('list', { name: 'Security modes of gSOAP' })).toBeNull();
  });
});
