import {
  notRecordedStaff,
  type ReportPeriod,
  type ReportTable as ReportTableName,
  reportColumns,
  reportPeriod,
  reportPeriods,
  type SalesReportView,
  toZoned,
} from '@orderfront/core';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { downloadReportCsv, type ReportRequest, useSalesReport } from '../api/get-sales-report';
import { problemOf } from '../lib/form';
import { periodLabels, type ReportFormValues, reportFormSchema } from '../lib/report-form';
import { shortDate, weekdayNames, weekOrder } from '../lib/report-labels';
import { useAdmin } from './admin-context';
import { ReportTable, type ReportTableColumn } from './report-table';
import { Button, inputClass, messageOf, Notice, PageTitle } from './ui';

// The charts are their own chunk (decision 039): only this page loads them.
const charts = () => import('./report-charts');
const SalesByDayChart = lazy(() => charts().then((m) => ({ default: m.SalesByDayChart })));
const OrdersHeatMap = lazy(() => charts().then((m) => ({ default: m.OrdersHeatMap })));
const MethodSplitChart = lazy(() => charts().then((m) => ({ default: m.MethodSplitChart })));

const shownProducts = 20;

function ChartFrame({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<p className="text-sm text-stone-700">Drawing the chart…</p>}>
      <div className="mb-3 rounded-md border border-stone-300 bg-white p-3">{children}</div>
    </Suspense>
  );
}

function CsvButton({
  request,
  table,
  label,
}: {
  request: ReportRequest;
  table: ReportTableName | 'lines';
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadReportCsv(request, table);
        } catch (e) {
          toast.error('Download failed', { description: messageOf(e) });
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

/** A titled section of the report: its chart (if any), its table and its CSV download. */
function ReportSection({
  title,
  request,
  table,
  chart,
  children,
}: {
  title: string;
  request: ReportRequest;
  table: ReportTableName;
  chart?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-8">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="font-semibold text-lg">
          {title}
        </h3>
        <CsvButton request={request} table={table} label={`Download ${title.toLowerCase()} (CSV)`} />
      </div>
      {chart && <ChartFrame>{chart}</ChartFrame>}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section aria-label={`${title} table`} tabIndex={0} className="relative overflow-x-auto">
        {children}
      </section>
    </section>
  );
}

function Figure({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className="rounded-md border border-stone-300 bg-white p-3">
      <dt className="text-sm text-stone-700">{term}</dt>
      <dd className="font-bold text-stone-900 text-xl tabular-nums">{value}</dd>
      {note && <dd className="text-sm text-stone-700">{note}</dd>}
    </div>
  );
}

function Summary({ report }: { report: SalesReportView }) {
  const money = (cents: number) => formatMoney(cents, report.currency);
  const t = report.totals;
  const g = report.gift_cards;
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure term="Net sales" value={money(t.net_sales)} note="What customers paid, less refunds" />
        <Figure
          term="Orders"
          value={String(t.orders)}
          note={t.refunded_orders ? `${t.refunded_orders} refunded` : undefined}
        />
        <Figure term="Average order" value={money(t.average_order_value)} note="Net sales per order kept" />
        <Figure term={`${report.tax_name} collected`} value={money(t.tax)} />
        <Figure term="Gross sales" value={money(t.gross_sales)} note="Items at menu prices" />
        <Figure
          term="Discounts"
          value={money(t.coupon_discounts + t.offer_discounts + t.points_discounts)}
          note={`Coupons ${money(t.coupon_discounts)} · offers ${money(t.offer_discounts)} · points ${money(t.points_discounts)}`}
        />
        <Figure term="Refunds" value={money(t.refunds)} />
        <Figure term="Tips" value={money(t.tips)} />
        <Figure term="Delivery fees" value={money(t.delivery_fees)} />
        {t.surcharges > 0 && <Figure term="Surcharges" value={money(t.surcharges)} />}
        {t.exclusive_tax > 0 && <Figure term={`${report.tax_name} added to prices`} value={money(t.exclusive_tax)} />}
        <Figure term="Gift cards redeemed" value={money(g.redeemed)} note="Paid with gift cards (in net sales)" />
        {g.whole_business && (
          <>
            <Figure
              term="Gift cards sold"
              value={money(g.sold)}
              note={`${g.sold_count} ${g.sold_count === 1 ? 'card' : 'cards'}${g.refunded ? `, ${money(g.refunded)} refunded` : ''}`}
            />
            <Figure
              term="Gift card liability"
              value={money(g.liability)}
              note={`Balances owed at the end of ${shortDate(report.to)}`}
            />
          </>
        )}
      </dl>
      {!g.whole_business && (
        <p className="mt-2 text-sm text-stone-700">
          Gift card sales and balances belong to the whole business: the owner sees them in a report of every
          restaurant.
        </p>
      )}
    </>
  );
}

type HourRow = SalesReportView['hours'][number];

/** The hours table: core's columns with the orders of each weekday after the hour (the heat map's figures). */
function hourColumns(report: SalesReportView): ReportTableColumn<HourRow>[] {
  const [hour, ...rest] = reportColumns.hours;
  const heatOf = (weekday: number, h: number) =>
    report.heat.find((x) => x.weekday === weekday && x.hour === h)?.orders ?? 0;
  const weekdays = weekOrder.map(
    (w): ReportTableColumn<HourRow> => ({
      key: `weekday-${w}`,
      header: weekdayNames[w] as string,
      label: <abbr title={weekdayNames[w]}>{weekdayNames[w]?.slice(0, 3)}</abbr>,
      kind: 'count',
      align: 'end',
      value: (h) => heatOf(w, h.hour),
    }),
  );
  return [hour as ReportTableColumn<HourRow>, ...weekdays, ...rest];
}

function Report({ report, request }: { report: SalesReportView; request: ReportRequest }) {
  const empty = report.totals.orders === 0;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-xl">
          {shortDate(report.from)} to {shortDate(report.to)}: {report.restaurants.map((r) => r.name).join(', ')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <CsvButton request={request} table="summary" label="Download summary (CSV)" />
          <CsvButton request={request} table="lines" label="Download order lines (CSV)" />
        </div>
      </div>
      <Summary report={report} />
      {empty ? (
        <div className="mt-6">
          <Notice>No orders were placed in this period. Choose another period or more restaurants.</Notice>
        </div>
      ) : (
        <div className="mt-8">
          <ReportSection
            title="Sales by day"
            request={request}
            table="days"
            chart={<SalesByDayChart days={report.days} currency={report.currency} />}
          >
            <ReportTable
              caption="Sales by day"
              columns={reportColumns.days.map((c) => (c.key === 'tax' ? { ...c, label: report.tax_name } : c))}
              rows={report.days}
              rowKey={(d) => d.date}
              currency={report.currency}
            />
          </ReportSection>

          <ReportSection
            title="Orders by hour"
            request={request}
            table="hours"
            chart={<OrdersHeatMap heat={report.heat} />}
          >
            <ReportTable
              caption="Orders by hour and weekday"
              columns={hourColumns(report)}
              rows={report.hours.filter((h) => h.orders > 0)}
              rowKey={(h) => h.hour}
              currency={report.currency}
            />
            <p className="mt-1 text-sm text-stone-700">Hours without orders are left out.</p>
          </ReportSection>

          <ReportSection
            title="Sales by method"
            request={request}
            table="methods"
            chart={<MethodSplitChart methods={report.methods} currency={report.currency} />}
          >
            <ReportTable
              caption="Sales by method"
              columns={reportColumns.methods}
              rows={report.methods}
              rowKey={(m) => m.method}
              currency={report.currency}
            />
          </ReportSection>

          <ReportSection title="Payments" request={request} table="payments">
            <ReportTable
              caption="Payments by method"
              columns={reportColumns.payments}
              rows={report.payments}
              rowKey={(p) => p.method}
              currency={report.currency}
            />
            <p className="mt-1 text-sm text-stone-700">
              Points are a discount, listed here to show how orders were settled.
            </p>
          </ReportSection>

          <ReportSection title="Tips by staff member" request={request} table="staff_tips">
            <ReportTable
              caption="Tips by staff member"
              columns={reportColumns.staff_tips}
              rows={report.staff_tips}
              rowKey={(s) => s.user_id ?? 'not-recorded'}
              currency={report.currency}
            />
            <p className="mt-1 text-sm text-stone-700">
              Each order counts for whoever first moved it on from the order board. {notRecordedStaff}: orders placed
              before this was kept, or never moved on. A refunded tip comes off on the day of the refund.
            </p>
          </ReportSection>

          <ReportSection title="Top products" request={request} table="products">
            <ReportTable
              caption="Top products by sales"
              columns={reportColumns.products}
              rows={report.products.slice(0, shownProducts)}
              rowKey={(p) => p.name}
              currency={report.currency}
            />
            {report.products.length > shownProducts && (
              <p className="mt-1 text-sm text-stone-700">
                The top {shownProducts} of {report.products.length}; the CSV has them all.
              </p>
            )}
          </ReportSection>

          {report.modifiers.length > 0 && (
            <ReportSection title="Options and modifiers" request={request} table="modifiers">
              <ReportTable
                caption="Options and modifiers chosen"
                columns={reportColumns.modifiers}
                rows={report.modifiers.slice(0, shownProducts)}
                rowKey={(m) => m.name}
                currency={report.currency}
              />
            </ReportSection>
          )}
        </div>
      )}
    </div>
  );
}

/** Sales reports (manager+): a period and restaurants, then the figures, charts and tables (decision 039). */
export function ReportsPage() {
  const { me, restaurant } = useAdmin();
  const id = useId();
  const today = toZoned(new Date(), restaurant.timezone).date;
  const initial = reportPeriod('last_7_days', today);
  const allIds = me.restaurants.map((r) => String(r.id));
  const { register, handleSubmit, setValue, watch, formState } = useZodForm(reportFormSchema, {
    defaultValues: { period: 'last_7_days', ...initial, restaurantIds: allIds } satisfies ReportFormValues,
  });
  const [request, setRequest] = useState<ReportRequest>({ ...initial, restaurantIds: [] });
  const { data, error, isFetching } = useSalesReport(request);
  const problem = problemOf(formState.errors);
  const period = watch('period');

  const choosePeriod = (value: ReportPeriod | 'custom') => {
    if (value === 'custom') return;
    const range = reportPeriod(value, today);
    setValue('from', range.from);
    setValue('to', range.to);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <PageTitle>
        <span id={`${id}-title`}>Reports</span>
      </PageTitle>
      <form
        noValidate
        aria-label="Choose the report"
        className="mb-6 flex flex-wrap items-end gap-4 rounded-md border border-stone-300 bg-white p-4"
        onSubmit={handleSubmit((v) =>
          setRequest({
            from: v.from,
            to: v.to,
            // Every restaurant managed: leave the list out, so an owner's report covers the business.
            restaurantIds: v.restaurantIds.length === allIds.length ? [] : v.restaurantIds.map(Number),
          }),
        )}
      >
        <label htmlFor={`${id}-period`} className="grid gap-1 text-sm">
          Period
          <select
            id={`${id}-period`}
            className={inputClass}
            {...register('period', { onChange: (e) => choosePeriod(e.target.value) })}
          >
            {[...reportPeriods, 'custom' as const].map((p) => (
              <option key={p} value={p}>
                {periodLabels[p]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-from`} className="grid gap-1 text-sm">
          From
          <input
            id={`${id}-from`}
            type="date"
            className={inputClass}
            {...register('from', { onChange: () => setValue('period', 'custom') })}
          />
        </label>
        <label htmlFor={`${id}-to`} className="grid gap-1 text-sm">
          To
          <input
            id={`${id}-to`}
            type="date"
            className={inputClass}
            {...register('to', { onChange: () => setValue('period', 'custom') })}
          />
        </label>
        {me.restaurants.length > 1 && (
          <fieldset className="min-w-0 text-sm">
            <legend className="mb-1">Restaurants</legend>
            <div className="flex flex-wrap gap-3">
              {me.restaurants.map((r) => (
                <label key={r.id} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    className="size-4 accent-stone-900"
                    value={String(r.id)}
                    {...register('restaurantIds')}
                  />
                  {r.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Button primary type="submit">
          Show report
        </Button>
        <p className="basis-full text-sm text-stone-700">
          {period === 'custom' ? 'Dates' : `${periodLabels[period]}: dates`} are each restaurant's own local days.
        </p>
        {problem && (
          <p role="alert" className="basis-full text-red-700 text-sm">
            {problem}
          </p>
        )}
      </form>
      {error && <Notice tone="error">{messageOf(error)}</Notice>}
      {!data && !error && <p role="status">Loading the report…</p>}
      {data && (
        <div aria-busy={isFetching}>
          <Report report={data} request={request} />
        </div>
      )}
    </section>
  );
}
