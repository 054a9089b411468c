import type { ReportColumn } from '@orderfront/core';
import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/money';
import { dayLabel, hourLabel } from '../lib/report-labels';

/**
 * A report column as the page draws it: core's column (header, kind, alignment, the value the CSV
 * writes) with, where the page says more than the CSV, its own header or cell.
 */
export interface ReportTableColumn<Row> extends ReportColumn<Row> {
  label?: ReactNode;
  render?: (row: Row) => ReactNode;
}

const alignClass = { start: 'text-left', end: 'text-right tabular-nums' } as const;

function cellText<Row>(column: ReportColumn<Row>, row: Row, currency: string): string {
  const value = column.value(row);
  switch (column.kind) {
    case 'money':
      return formatMoney(Number(value), currency);
    case 'date':
      return dayLabel(String(value));
    case 'hour':
      return hourLabel(Number(value));
    default:
      return String(value);
  }
}

/**
 * One table of the report, drawn from its column list (decision 039): the first column heads each
 * row, figures line up at the end. The same columns write the table's CSV.
 */
export function ReportTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  currency,
}: {
  caption: string;
  columns: readonly ReportTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  currency: string;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th
              key={c.key}
              scope="col"
              className={`border-stone-300 border-b p-1.5 font-semibold ${alignClass[c.align]}`}
            >
              {c.label ?? c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c, i) => {
              const content = c.render ? c.render(row) : cellText(c, row, currency);
              const className = `border-stone-200 border-b p-1.5 ${alignClass[c.align]}`;
              return i === 0 ? (
                <th key={c.key} scope="row" className={`${className} font-normal`}>
                  {content}
                </th>
              ) : (
                <td key={c.key} className={className}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
