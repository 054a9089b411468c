import {
  type ReportPeriod,
  type ReportTable,
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
import { hourLabel, methodNames, paymentNames, shortDate, weekdayNames, weekOrder } from '../lib/report-labels';
import { useAdmin } from './admin-context';
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

function CsvButton({ request, table, label }: { request: ReportRequest; table: ReportTable | 'lines'; label: string }) {
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
  table: ReportTable;
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

const th = 'border-stone-300 border-b p-1.5 text-left font-semibold';
const thNum = 'border-stone-300 border-b p-1.5 text-right font-semibold';
const td = 'border-stone-200 border-b p-1.5';
const tdNum = 'border-stone-200 border-b p-1.5 text-right tabular-nums';

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

function Report({ report, request }: { report: SalesReportView; request: ReportRequest }) {
  const money = (cents: number) => formatMoney(cents, report.currency);
  const hours = report.hours;
  const heatOf = (weekday: number, hour: number) =>
    report.heat.find((h) => h.weekday === weekday && h.hour === hour)?.orders ?? 0;
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
            <table className="w-full text-sm">
              <caption className="sr-only">Sales by day</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Date
                  </th>
                  {['Orders', 'Gross sales', 'Discounts', 'Refunds', 'Tips', 'Net sales', report.tax_name].map((h) => (
                    <th key={h} scope="col" className={thNum}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {weekdayNames[new Date(`${d.date}T00:00:00Z`).getUTCDay()]?.slice(0, 3)} {shortDate(d.date)}
                    </th>
                    <td className={tdNum}>{d.orders}</td>
                    <td className={tdNum}>{money(d.gross_sales)}</td>
                    <td className={tdNum}>{money(d.discounts)}</td>
                    <td className={tdNum}>{money(d.refunds)}</td>
                    <td className={tdNum}>{money(d.tips)}</td>
                    <td className={tdNum}>{money(d.net_sales)}</td>
                    <td className={tdNum}>{money(d.tax)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ReportSection>

          <ReportSection
            title="Orders by hour"
            request={request}
            table="hours"
            chart={<OrdersHeatMap heat={report.heat} />}
          >
            <table className="w-full text-sm">
              <caption className="sr-only">Orders by hour and weekday</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Hour
                  </th>
                  {weekOrder.map((w) => (
                    <th key={w} scope="col" className={thNum}>
                      <abbr title={weekdayNames[w]}>{weekdayNames[w]?.slice(0, 3)}</abbr>
                    </th>
                  ))}
                  <th scope="col" className={thNum}>
                    Orders
                  </th>
                  <th scope="col" className={thNum}>
                    Net sales
                  </th>
                </tr>
              </thead>
              <tbody>
                {hours
                  .filter((h) => h.orders > 0)
                  .map((h) => (
                    <tr key={h.hour}>
                      <th scope="row" className={`${td} text-left font-normal`}>
                        {hourLabel(h.hour)}
                      </th>
                      {weekOrder.map((w) => (
                        <td key={w} className={tdNum}>
                          {heatOf(w, h.hour)}
                        </td>
                      ))}
                      <td className={tdNum}>{h.orders}</td>
                      <td className={tdNum}>{money(h.net_sales)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
            <p className="mt-1 text-sm text-stone-700">Hours without orders are left out.</p>
          </ReportSection>

          <ReportSection
            title="Sales by method"
            request={request}
            table="methods"
            chart={<MethodSplitChart methods={report.methods} currency={report.currency} />}
          >
            <table className="w-full text-sm">
              <caption className="sr-only">Sales by method</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Method
                  </th>
                  <th scope="col" className={thNum}>
                    Orders
                  </th>
                  <th scope="col" className={thNum}>
                    Net sales
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.methods.map((m) => (
                  <tr key={m.method}>
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {methodNames[m.method]}
                    </th>
                    <td className={tdNum}>{m.orders}</td>
                    <td className={tdNum}>{money(m.net_sales)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ReportSection>

          <ReportSection title="Payments" request={request} table="payments">
            <table className="w-full text-sm">
              <caption className="sr-only">Payments by method</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Paid with
                  </th>
                  <th scope="col" className={thNum}>
                    Orders
                  </th>
                  <th scope="col" className={thNum}>
                    Amount
                  </th>
                  <th scope="col" className={thNum}>
                    Refunded
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.payments.map((p) => (
                  <tr key={p.method}>
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {paymentNames[p.method]}
                    </th>
                    <td className={tdNum}>{p.orders}</td>
                    <td className={tdNum}>{money(p.amount)}</td>
                    <td className={tdNum}>{money(p.refunded)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-1 text-sm text-stone-700">
              Points are a discount, listed here to show how orders were settled.
            </p>
          </ReportSection>

          <ReportSection title="Top products" request={request} table="products">
            <table className="w-full text-sm">
              <caption className="sr-only">Top products by sales</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Product
                  </th>
                  <th scope="col" className={thNum}>
                    Quantity
                  </th>
                  <th scope="col" className={thNum}>
                    Sales
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.products.slice(0, shownProducts).map((p) => (
                  <tr key={p.name}>
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {p.name}
                    </th>
                    <td className={tdNum}>{p.quantity}</td>
                    <td className={tdNum}>{money(p.sales)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {report.products.length > shownProducts && (
              <p className="mt-1 text-sm text-stone-700">
                The top {shownProducts} of {report.products.length}; the CSV has them all.
              </p>
            )}
          </ReportSection>

          {report.modifiers.length > 0 && (
            <ReportSection title="Options and modifiers" request={request} table="modifiers">
              <table className="w-full text-sm">
                <caption className="sr-only">Options and modifiers chosen</caption>
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      Option or modifier
                    </th>
                    <th scope="col" className={thNum}>
                      Times chosen
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.modifiers.slice(0, shownProducts).map((m) => (
                    <tr key={m.name}>
                      <th scope="row" className={`${td} text-left font-normal`}>
                        {m.name}
                      </th>
                      <td className={tdNum}>{m.quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
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
