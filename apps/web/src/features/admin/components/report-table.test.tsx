import { reportColumns, type StaffTips } from '@orderfront/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportTable } from './report-table';

const rows: StaffTips[] = [
  { user_id: 4, name: 'Sam Server', orders: 3, tips: 1250, refunded_tips: 250, net_tips: 1000 },
  { user_id: null, name: 'Not recorded', orders: 1, tips: 0, refunded_tips: 0, net_tips: 0 },
];

describe('report table', () => {
  it("draws a table from core's columns: headers, row headers, money in the currency, figures at the end", () => {
    render(
      <ReportTable
        caption="Tips by staff member"
        columns={reportColumns.staff_tips}
        rows={rows}
        rowKey={(s) => s.user_id ?? 'none'}
        currency="AUD"
      />,
    );
    const table = screen.getByRole('table', { name: 'Tips by staff member' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Staff member', 'Orders', 'Tips', 'Tips refunded', 'Net tips']);
    const sam = within(table).getByRole('row', { name: /Sam Server/ });
    expect(within(sam).getByRole('rowheader')).toHaveTextContent('Sam Server');
    const cells = within(sam).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['3', '$12.50', '$2.50', '$10.00']);
    expect(cells[1]).toHaveClass('text-right');
  });

  it('shows dates for people and lets the page name a column its own way', () => {
    render(
      <ReportTable
        caption="Sales by day"
        columns={reportColumns.days.map((c) => (c.key === 'tax' ? { ...c, label: 'GST' } : c))}
        rows={[
          {
            date: '2026-11-17',
            orders: 1,
            gross_sales: 5200,
            discounts: 1000,
            refunds: 0,
            tips: 400,
            net_sales: 5200,
            tax: 400,
          },
        ]}
        rowKey={(d) => d.date}
        currency="AUD"
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'GST' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader')).toHaveTextContent('Tue 17 Nov');
  });
});
