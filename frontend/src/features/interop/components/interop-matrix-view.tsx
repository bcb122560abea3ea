import { InteropCellView } from '@/features/interop/components/interop-cell-view';
import { InteropLegend } from '@/features/interop/components/interop-legend';
import { TableScroll } from '@/components/ui/table-scroll';
import type { InteropCell, InteropMatrix, InteropStack } from '@/types/api-models';

type InteropMatrixViewProps = { matrix: InteropMatrix };

/** One table per security mode: clients as rows, servers as columns. */
export function InteropMatrixView({ matrix }: InteropMatrixViewProps) {
  const byKey = new Map<string, InteropCell>();
  for (const cell of matrix.cells) byKey.set(cellKey(cell.client, cell.server, cell.security), cell);
  return (
    <>
      <InteropLegend interop={matrix.interop} />
      {matrix.security.map((mode) => (
        <section key={mode} className="interop-matrix" data-security={mode} aria-label={`Security ${mode}`}>
          <h2>Security: {mode}</h2>
          <TableScroll label={`Interop matrix, ${mode}`}>
            <table>
              <caption>{mode}: each stack's own client (rows) against each stack's server (columns)</caption>
              <thead>
                <tr>
                  <th scope="col">client \ server</th>
                  {matrix.stacks.map((server) => (
                    <th scope="col" key={stackName(server)}>
                      {server.displayName} {server.version}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {matrix.stacks.map((client) => (
                  <tr key={stackName(client)}>
                    <th scope="row">
                      {client.displayName} {client.version}
                      {!client.client && <span className="interop-no-client"> (no own client)</span>}
                    </th>
                    {matrix.stacks.map((server) => {
                      const cell = byKey.get(cellKey(stackName(client), stackName(server), mode));
                      return cell ? (
                        <InteropCellView key={stackName(server)} cell={cell} />
                      ) : (
                        <td key={stackName(server)} className="interop-cell" data-outcome="missing">
                          –
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ))}
    </>
  );
}

function stackName(stack: InteropStack): string {
  return `${stack.stack}@${stack.version}`;
}

function cellKey(client: string, server: string, mode: string): string {
  return `${client}\n${server}\n${mode}`;
}
