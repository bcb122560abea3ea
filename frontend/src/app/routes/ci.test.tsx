import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CiRoute } from '@/app/routes/ci';
import { ciCommands } from '@/features/ci/utils/ci-commands';
import { renderWithProviders } from '@/testing/test-utils';

const origin = 'http://localhost:3000';

function setClipboard(clipboard: unknown) {
  Object.defineProperty(window.navigator, 'clipboard', { value: clipboard, configurable: true });
}

function commandOf(buttonName: string): string {
  const block = screen.getByRole('button', { name: buttonName }).closest('.command-block')!;
  return block.querySelector('pre > code')!.textContent ?? '';
}

describe('CI page', () => {
  afterEach(() => setClipboard(undefined));

  it("gives this instance's commands, each in its own block", () => {
    expect(window.location.origin).toBe(origin);
    renderWithProviders(<CiRoute />, { path: '/ci' });

    expect(screen.getByRole('heading', { level: 1, name: 'Guard a service from CI' })).toBeInTheDocument();
    expect(commandOf('Copy the install command')).toBe(
      `GOPROXY="${origin}/go,https://proxy.golang.org" GONOSUMDB=soapbench.dev go install soapbench.dev/workers/cmd/benchctl@latest`,
    );
    expect(commandOf('Copy the submit command')).toBe(
      `benchctl submit --wait --server ${origin} --token "$SOAPBENCH_TOKEN" --wsdl base.wsdl --head-wsdl service/service.wsdl --workload ci/soapbench-workload.json --fail-on regression --markdown soapbench.md`,
    );
    expect(commandOf('Copy the token command')).toBe(
      `curl -X POST -H 'Content-Type: application/json' -d '{"name":"billing CI","project":"acme/billing"}' ${origin}/api/v1/tokens`,
    );
    expect(commandOf('Copy the acknowledge command')).toMatch(
      new RegExp(
        `^benchctl acknowledge --server ${origin} --token "\\$SOAPBENCH_TOKEN" --project acme/billing --commit 4f2a9c1 --reason "[^"]+"$`,
      ),
    );
    // Every command has its Copy button, and nothing else on the page is a command.
    expect(document.querySelectorAll('pre > code')).toHaveLength(
      screen.getAllByRole('button', { name: /^Copy / }).length,
    );
    expect(screen.getByRole('link', { name: 'API docs' })).toHaveAttribute('href', '/api/docs');
  });

  it('lists the exit codes of benchctl', () => {
    renderWithProviders(<CiRoute />, { path: '/ci' });
    const table = screen.getByRole('table', { name: 'benchctl exit codes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(rows[0]).toHaveTextContent(/passed/);
    expect(rows[1]).toHaveTextContent(/regression/);
    expect(rows[2]).toHaveTextContent(/usage/);
    expect(rows[3]).toHaveTextContent(/the run or a stack failed, or the submission was refused/);
    expect(rows[4]).toHaveTextContent(/the service, the network or the token/);
  });

  it('copies a command to the clipboard', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    renderWithProviders(<CiRoute />, { path: '/ci' });

    fireEvent.click(screen.getByRole('button', { name: 'Copy the install command' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(commandOf('Copy the install command'));
  });

  it('says to copy by hand where the browser gives no clipboard', async () => {
    setClipboard(undefined);
    renderWithProviders(<CiRoute />, { path: '/ci' });

    fireEvent.click(screen.getByRole('button', { name: 'Copy the submit command' }));
    expect(await screen.findByText('Copy failed: select the command and copy it')).toBeInTheDocument();
  });

  it('builds the commands from the origin without a doubled slash', () => {
    const commands = ciCommands('https://soapbench.example/');
    expect(commands.install).toContain('GOPROXY="https://soapbench.example/go,https://proxy.golang.org"');
    expect(commands.token).toMatch(/ https:\/\/soapbench\.example\/api\/v1\/tokens$/);
    expect(commands.submit).toContain('--server https://soapbench.example --token');
  });
});
