import { TableScroll } from '@/components/ui/table-scroll';
import type { Analysis } from '@/types/api-models';

type Operation = NonNullable<Analysis['operations']>[number];

/** A WSDL's operations as its analysis found them: style, SOAP version, action and whether one-way. */
export function OperationsTable({ operations, label }: { operations: Operation[]; label: string }) {
  return (
    <TableScroll label={label}>
      <table className="data-table">
        <caption>Operations</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">Style</th>
            <th scope="col">SOAP version</th>
            <th scope="col">SOAP action</th>
            <th scope="col">One-way</th>
          </tr>
        </thead>
        <tbody>
          {operations.map((operation) => (
            <tr key={`${operation.binding ?? ''}:${operation.name}`}>
              <th scope="row">{operation.name}</th>
              <td>{operation.style ?? '–'}</td>
              <td>{operation.soapVersion ?? '–'}</td>
              <td>{operation.soapAction ? <code>{operation.soapAction}</code> : '–'}</td>
              <td>{operation.oneWay ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
