import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '@/features/submit/components/submit-form';
import { mockSubmitBackend } from '@/testing/submit-backend';
import { renderWithProviders } from '@/testing/test-utils';

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Keeps every Blob a download link is made of, to read back what it would save. */
function recordBlobUrls() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:${window.location.origin}/${blobs.length}`;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return { blobs, revoke, last: () => readBlob(blobs[blobs.length - 1]) };
}

/** Copies with the button, as a user would, and gives what reached the clipboard. */
async function copied(user: ReturnType<typeof userEvent.setup>, button: string): Promise<string> {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
  const element = screen.getByRole('button', { name: button });
  await user.click(element);
  await waitFor(() => expect(element.nextElementSibling).toHaveTextContent('Copied'));
  return writeText.mock.calls[0][0] as string;
}

/** The commands as shown for copying by hand: curl first, then benchctl. */
async function shownCommands(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  await user.click(screen.getByText('Show the commands'));
  return screen.getAllByRole('code').map((code) => code.textContent ?? '');
}

describe('the run as a command', () => {
  it('copies a catalog run as JSON curl and as benchctl, never with the token itself', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('soapbench.apiToken', 'sb_secret');
    mockSubmitBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    expect(screen.getByText('To copy the run as a command: Pick a catalog service.')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    await user.clear(screen.getByLabelText('Connections'));
    await user.type(screen.getByLabelText('Connections'), '4');
    await user.click(screen.getByRole('radio', { name: /^Unlisted/ }));

    const origin = window.location.origin;
    const curl = await copied(user, 'Copy as curl');
    expect(curl).toBe(
      `curl -X POST ${origin}/api/v1/runs -H 'Content-Type: application/json' -H "Authorization: Bearer $SOAPBENCH_TOKEN" -d '{"catalog":"echo","workload":{"stacks":["gsoap"],"load":{"connections":4}},"visibility":"unlisted"}'`,
    );
    expect(curl).not.toContain('sb_secret');
    const [shownCurl, benchctl] = await shownCommands(user);
    expect(shownCurl).toBe(curl);
    expect(benchctl).toBe(
      `benchctl submit --server ${origin} --token "$SOAPBENCH_TOKEN" --catalog echo --workload workload.json --visibility unlisted`,
    );
  });

  it('copies an upload as multipart curl reading the downloaded workload.json', async () => {
    const user = userEvent.setup();
    const blobs = recordBlobUrls();
    mockSubmitBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Upload a WSDL file' }));
    await user.upload(screen.getByLabelText('WSDL file'), new File(['<definitions/>'], 'orders.wsdl'));
    await user.click(await screen.findByRole('checkbox', { name: 'Apache CXF' }));
    await user.clear(screen.getByLabelText('Repetitions'));
    await user.type(screen.getByLabelText('Repetitions'), '6');

    const origin = window.location.origin;
    expect(await shownCommands(user)).toEqual([
      `curl -X POST ${origin}/api/v1/runs -F wsdl=@orders.wsdl -F workload=@workload.json -F visibility=public`,
      `benchctl submit --server ${origin} --wsdl orders.wsdl --workload workload.json`,
    ]);
    expect(await copied(user, 'Copy benchctl command')).toBe(
      `benchctl submit --server ${origin} --wsdl orders.wsdl --workload workload.json`,
    );

    const download = screen.getByRole('link', { name: 'Download workload.json' });
    expect(download).toHaveAttribute('download', 'workload.json');
    expect(download.getAttribute('href')).toMatch(/^blob:/);
    expect(JSON.parse(await blobs.last())).toEqual({ stacks: ['cxf'], repetitions: 6 });
  });

  it('makes a new file of every change to the workload and lets go of the old one', async () => {
    const user = userEvent.setup();
    const blobs = recordBlobUrls();
    mockSubmitBackend();
    renderWithProviders(<SubmitForm onSubmitted={vi.fn()} />);
    await screen.findByRole('option', { name: 'Echo (echo)' });
    await user.selectOptions(screen.getByLabelText('Catalog service'), 'echo');
    await user.click(await screen.findByRole('checkbox', { name: 'gSOAP' }));
    expect(JSON.parse(await blobs.last())).toEqual({ stacks: ['gsoap'] });
    const first = screen.getByRole('link', { name: 'Download workload.json' }).getAttribute('href');

    await user.click(screen.getByRole('checkbox', { name: 'Apache CXF' }));
    expect(JSON.parse(await blobs.last())).toEqual({ stacks: ['gsoap', 'cxf'] });
    expect(screen.getByRole('link', { name: 'Download workload.json' }).getAttribute('href')).not.toBe(first);
    await vi.waitFor(() => expect(blobs.revoke).toHaveBeenCalledWith(first));
  });
});
