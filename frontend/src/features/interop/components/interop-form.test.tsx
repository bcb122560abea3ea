import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InteropForm } from '@/features/interop/components/interop-form';
import type { CatalogEntry, Stack } from '@/types/api-models';

const catalog: CatalogEntry[] = [
  { id: 'echo', name: 'Echo', description: 'echoes' },
  { id: 'seismic', name: 'Seismic', description: 'events' },
];

function stack(id: string, displayName: string, nativeClient: boolean): Stack {
  return {
    id,
    displayName,
    versions: ['1.0'],
    defaultVersion: '1.0',
    features: { nativeClient },
    knownDefects: [],
    variants: [],
    securityByVersion: {},
    availability: [],
  };
}

const stacks = [
  stack('cxf', 'Apache CXF', true),
  stack('metro', 'Metro', true),
  stack('spring-ws', 'Spring-WS', false),
];

describe('InteropForm', () => {
  it('sends the service, the stacks, the modes and the requests per cell', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<InteropForm catalog={catalog} stacks={stacks} submitting={false} onSubmit={onSubmit} />);

    await user.click(screen.getByRole('checkbox', { name: 'Apache CXF' }));
    await user.click(screen.getByRole('checkbox', { name: 'Metro' }));
    await user.click(screen.getByRole('checkbox', { name: 'sign' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Requests per cell' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Requests per cell' }), '50');
    await user.click(screen.getByRole('button', { name: 'Start interop run' }));

    expect(onSubmit).toHaveBeenCalledWith({
      kind: 'catalog',
      catalog: 'echo',
      workload: { stacks: ['cxf', 'metro'], security: ['plain', 'sign'], interop: { requests: 50 } },
      visibility: 'public',
    });
  });

  it('marks a stack without its own client as server only, and plain as always measured', () => {
    render(<InteropForm catalog={catalog} stacks={stacks} submitting={false} onSubmit={vi.fn()} />);

    expect(
      screen.getByRole('checkbox', { name: 'Spring-WS (server only: no own client)' }),
    ).toBeInTheDocument();
    const plain = screen.getByRole('checkbox', { name: 'plain (always: the baseline of the cost)' });
    expect(plain).toBeChecked();
    expect(plain).toBeDisabled();
  });

  it('refuses requests out of bounds before sending anything', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<InteropForm catalog={catalog} stacks={stacks} submitting={false} onSubmit={onSubmit} />);

    await user.click(screen.getByRole('checkbox', { name: 'Apache CXF' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Requests per cell' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Requests per cell' }), '5001');
    await user.click(screen.getByRole('button', { name: 'Start interop run' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('from 1 to 5000');
  });
});
