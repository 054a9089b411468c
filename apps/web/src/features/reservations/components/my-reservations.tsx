import type { Reservation } from '@orderfront/core';
import { Link } from '@/components/ui/link';
import { cardClass, secondaryButton } from '@/components/ui/styles';
import { useMyReservations } from '../api/get-my-reservations';
import { ReservationCard } from './reservation-card';

/** A signed-in customer's bookings: upcoming first (soonest first), then past (latest first). */
export function MyReservations({ userId }: { userId: number }) {
  const reservations = useMyReservations(userId);
  if (reservations.isPending) {
    return (
      <p role="status" className="text-stone-600">
        Loading your reservations…
      </p>
    );
  }
  if (reservations.isError) {
    return (
      <div role="alert" className={cardClass}>
        <p className="mb-3">{(reservations.error as Error).message}</p>
        <button type="button" className={secondaryButton} onClick={() => reservations.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  const { upcoming, past } = reservations.data;
  return (
    <div className="flex flex-col gap-8">
      <ReservationGroup title="Upcoming" reservations={upcoming} empty="You have no upcoming reservations.">
        <Link to="/table-reservation" className="font-semibold text-primary underline">
          Book a table
        </Link>
      </ReservationGroup>
      <ReservationGroup title="Past" reservations={past} empty="No past reservations yet." />
    </div>
  );
}

function ReservationGroup({
  title,
  reservations,
  empty,
  children,
}: {
  title: string;
  reservations: Reservation[];
  empty: string;
  children?: React.ReactNode;
}) {
  const id = `reservations-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold text-xl">
          {title}
        </h2>
        {children}
      </div>
      {reservations.length === 0 ? (
        <p className="text-stone-700">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {reservations.map((reservation) => (
            <li key={reservation.reference}>
              <ReservationCard reservation={reservation} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
