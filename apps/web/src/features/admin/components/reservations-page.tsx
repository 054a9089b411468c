import { type AdminReservationStatus, nextReservationStatuses, toZoned } from '@orderfront/core';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { useDayReservations } from '../api/get-day-reservations';
import { useSetReservationStatus } from '../api/set-reservation-status';
import { useAdmin } from './admin-context';
import { Button, inputClass, Notice, PageTitle } from './ui';

export const reservationStatusLabels: Record<AdminReservationStatus, string> = {
  booked: 'Booked',
  seated: 'Seated',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

const actionLabels: Record<AdminReservationStatus, string> = {
  booked: 'Set back to booked',
  seated: 'Seat',
  no_show: 'No-show',
  cancelled: 'Cancel',
};

/** One day's reservations of the restaurant, moved through booked, seated, no-show and cancelled. */
export function ReservationsPage() {
  const { restaurant } = useAdmin();
  const [date, setDate] = useState(() => toZoned(new Date(), restaurant.timezone).date);
  const { data, error, isPending } = useDayReservations(restaurant.id, date);
  const setStatus = useSetReservationStatus(restaurant.id);
  const dateId = useId();
  const list = data?.reservations ?? [];
  const covers = list.filter((r) => r.status !== 'cancelled').reduce((n, r) => n + r.party_size, 0);

  return (
    <section>
      <PageTitle>Reservations</PageTitle>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label htmlFor={dateId} className="text-sm">
          Day
        </label>
        <input
          id={dateId}
          type="date"
          className={inputClass}
          value={date}
          onChange={(e) => e.target.value && setDate(e.target.value)}
        />
        {data && (
          <p className="text-sm text-stone-700">
            {list.length} bookings · {covers} guests expected
          </p>
        )}
      </div>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && list.length === 0 && <p>No reservations on this day.</p>}
      {list.length > 0 && (
        <table className="w-full border-collapse bg-white text-sm">
          <thead>
            <tr className="border-stone-300 border-b text-left">
              <th className="p-2">Time</th>
              <th className="p-2">Guest</th>
              <th className="p-2">Party</th>
              <th className="p-2">Status</th>
              <th className="p-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id} className="border-stone-200 border-b align-top">
                <td className="p-2 font-semibold">{r.local_time}</td>
                <td className="p-2">
                  {r.name}
                  <br />
                  <span className="text-stone-700">
                    {r.phone_no} · {r.reference}
                  </span>
                  {r.special_requests && <p className="text-stone-700 italic">{r.special_requests}</p>}
                </td>
                <td className="p-2">{r.party_size}</td>
                <td className="p-2">{reservationStatusLabels[r.status]}</td>
                <td className="p-2">
                  <div className="flex flex-wrap gap-2">
                    {nextReservationStatuses(r.status).map((status) => (
                      <Button
                        key={status}
                        disabled={setStatus.isPending}
                        aria-label={`${actionLabels[status]}: ${r.name} at ${r.local_time}`}
                        onClick={() =>
                          setStatus.mutate(
                            { id: r.id, status },
                            { onError: (e) => toast.error('Not changed', { description: e.message }) },
                          )
                        }
                      >
                        {actionLabels[status]}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
