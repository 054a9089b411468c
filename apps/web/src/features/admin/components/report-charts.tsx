import type { SalesReportView } from '@orderfront/core';
import { useId } from 'react';
import { formatMoney } from '@/lib/money';
import { hourLabel, methodNames, shortDate, weekdayNames, weekOrder } from '../lib/report-labels';

/**
 * The report's charts (decision 039), hand-drawn SVG in their own chunk: only the back office's
 * reports page loads them, never a storefront page. Each is an image with a text summary; the
 * page shows the same figures as a table next to it.
 */

/** A round axis top at or above `max` (1, 2 or 5 × a power of ten). */
function niceCeiling(max: number) {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((m) => m * power).find((v) => v >= max) ?? max) as number;
}

export function SalesByDayChart({ days, currency }: { days: SalesReportView['days']; currency: string }) {
  const id = useId();
  const width = 720;
  const height = 240;
  const left = 72;
  const bottom = 28;
  const top = niceCeiling(Math.max(...days.map((d) => d.net_sales), 0));
  const slot = (width - left) / Math.max(days.length, 1);
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  const y = (cents: number) => (height - bottom) * (1 - Math.max(cents, 0) / top);
  const best = days.reduce((a, b) => (b.net_sales > a.net_sales ? b : a), days[0] ?? { date: '', net_sales: 0 });
  const total = days.reduce((s, d) => s + d.net_sales, 0);
  const labelEvery = Math.ceil(days.length / 10);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full max-w-3xl"
    >
      <title id={`${id}-title`}>Net sales by day</title>
      <desc id={`${id}-desc`}>
        {`${formatMoney(total, currency)} over ${days.length} days; the best day was ${best.date ? shortDate(best.date) : 'none'} with ${formatMoney(best.net_sales, currency)}.`}
      </desc>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={left} x2={width} y1={y(top * f)} y2={y(top * f)} className="stroke-stone-300" />
          <text x={left - 6} y={y(top * f) + 4} textAnchor="end" className="fill-stone-700 text-[11px]">
            {formatMoney(Math.round(top * f), currency)}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        const x = left + slot * i + (slot - barWidth) / 2;
        return (
          <g key={d.date}>
            <rect
              x={x}
              y={y(d.net_sales)}
              width={barWidth}
              height={height - bottom - y(d.net_sales)}
              className="fill-stone-800"
            >
              <title>{`${shortDate(d.date)}: ${formatMoney(d.net_sales, currency)}, ${d.orders} orders`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text x={x + barWidth / 2} y={height - 8} textAnchor="middle" className="fill-stone-700 text-[11px]">
                {shortDate(d.date)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

export function OrdersHeatMap({ heat }: { heat: SalesReportView['heat'] }) {
  const id = useId();
  const cell = 24;
  const left = 40;
  const head = 18;
  const max = Math.max(...heat.map((h) => h.orders), 0);
  const busiest = heat.reduce((a, b) => (b.orders > a.orders ? b : a), heat[0] ?? { weekday: 0, hour: 0, orders: 0 });
  return (
    <svg
      viewBox={`0 0 ${left + cell * 24} ${head + cell * 7}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full max-w-3xl"
    >
      <title id={`${id}-title`}>Orders by weekday and hour</title>
      <desc id={`${id}-desc`}>
        {max === 0
          ? 'No orders.'
          : `Busiest: ${weekdayNames[busiest.weekday]} ${hourLabel(busiest.hour)} with ${busiest.orders} orders. Darker squares are busier.`}
      </desc>
      {[0, 6, 12, 18].map((hour) => (
        <text key={hour} x={left + cell * hour + 2} y={12} className="fill-stone-700 text-[11px]">
          {hourLabel(hour)}
        </text>
      ))}
      {weekOrder.map((weekday, row) => (
        <g key={weekday}>
          <text x={0} y={head + cell * row + 16} className="fill-stone-700 text-[11px]">
            {(weekdayNames[weekday] as string).slice(0, 3)}
          </text>
          {heat
            .filter((h) => h.weekday === weekday)
            .map((h) => (
              <rect
                key={h.hour}
                x={left + cell * h.hour + 1}
                y={head + cell * row + 1}
                width={cell - 2}
                height={cell - 2}
                rx={3}
                className={h.orders === 0 ? 'fill-stone-100' : 'fill-amber-700'}
                fillOpacity={h.orders === 0 ? 1 : 0.2 + (0.8 * h.orders) / max}
              >
                <title>{`${weekdayNames[weekday]} ${hourLabel(h.hour)}: ${h.orders} orders`}</title>
              </rect>
            ))}
        </g>
      ))}
    </svg>
  );
}

const methodColours = { pickup: 'fill-stone-800', delivery: 'fill-amber-700', dine_in: 'fill-sky-800' } as const;

export function MethodSplitChart({ methods, currency }: { methods: SalesReportView['methods']; currency: string }) {
  const id = useId();
  const total = methods.reduce((s, m) => s + Math.max(m.net_sales, 0), 0);
  const width = 720;
  let x = 0;
  const share = (cents: number) => (total === 0 ? 0 : Math.round((Math.max(cents, 0) * 100) / total));
  return (
    <svg
      viewBox={`0 0 ${width} 64`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full max-w-3xl"
    >
      <title id={`${id}-title`}>Net sales by method</title>
      <desc id={`${id}-desc`}>{methods.map((m) => `${methodNames[m.method]} ${share(m.net_sales)}%`).join(', ')}</desc>
      {methods.map((m) => {
        const w = total === 0 ? 0 : (width * Math.max(m.net_sales, 0)) / total;
        const start = x;
        x += w;
        return (
          <g key={m.method}>
            <rect x={start} y={0} width={w} height={32} className={methodColours[m.method]}>
              <title>{`${methodNames[m.method]}: ${formatMoney(m.net_sales, currency)}`}</title>
            </rect>
          </g>
        );
      })}
      {methods.map((m, i) => (
        <g key={m.method} transform={`translate(${i * 240}, 44)`}>
          <rect width={12} height={12} className={methodColours[m.method]} />
          <text x={18} y={11} className="fill-stone-800 text-[12px]">
            {`${methodNames[m.method]} ${share(m.net_sales)}%`}
          </text>
        </g>
      ))}
    </svg>
  );
}
