import { randomBytes } from 'node:crypto';
import {
  bookingProblem,
  type createReservationBodySchema,
  type Reservation,
  serviceDateOf,
  toZoned,
} from '@orderfront/core';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect.js';
import type { ReservationRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { sha256 } from '../auth/crypto.js';
import { problemError, type ReservationContext, type ReservationIdentity } from './context.js';
import { formatWhen } from './mail.js';

type BookingInput = z.output<typeof createReservationBodySchema>;

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread on the phone

function newReference(): string {
  const bytes = randomBytes(8);
  return `R-${[...bytes].map((b) => referenceAlphabet[b % 32]).join('')}`;
}

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,100}$/;

/** Booking a table: once per Idempotency-Key, within the seating's capacity and the customer's day limit. */
export function bookings(ctx: ReservationContext) {
  const { repo, now, rulesFor, bookableRestaurant, unitsFor, localeOf, toView, view, mails } = ctx;
  return {
    /** Books a table, or returns the booking an earlier request with the same Idempotency-Key made. */
    async book(
      input: BookingInput,
      idempotencyKey: string | undefined,
      identity: ReservationIdentity | undefined,
    ): Promise<{ reservation: Reservation; created: boolean }> {
      const tenantId = input.tenant_id;
      if (identity && identity.tenantId !== tenantId) throw new AppError('forbidden', 'Not allowed');
      if (!idempotencyKey || !idempotencyKeyPattern.test(idempotencyKey)) {
        throw new AppError('bad_request', 'Send an Idempotency-Key header (8 to 100 letters, digits, - or _)', {
          'Idempotency-Key': 'Required: 8 to 100 letters, digits, - or _',
        });
      }
      const startsAt = new Date(input.starts_at).toISOString();
      const email = input.email.toLowerCase();
      const fingerprint = sha256(
        JSON.stringify([
          input.restaurant_id,
          startsAt,
          input.party_size,
          input.name,
          email,
          input.phone_no,
          input.special_requests,
          identity?.userId ?? null,
        ]),
      );

      const replay = async () => {
        const existing = await repo.findByIdempotencyKey(tenantId, idempotencyKey);
        if (!existing) return null;
        if (existing.request_fingerprint !== fingerprint) {
          throw new AppError('conflict', 'This Idempotency-Key was already used for a different booking');
        }
        return { reservation: await view(existing), created: false };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      const restaurant = await bookableRestaurant(tenantId, input.restaurant_id);
      const rules = await rulesFor(tenantId, restaurant);
      const found = bookingProblem({ startsAt, partySize: input.party_size, now: now() }, rules);
      if (found) throw problemError(found.problem, restaurant);
      const serviceDate = serviceDateOf(startsAt, rules) ?? toZoned(startsAt, rules.timezone).date;

      const token = randomBytes(32).toString('base64url');
      const locale = await localeOf(tenantId);
      const units = unitsFor(restaurant, input.party_size);
      const customerDay = { tenantId, restaurantId: restaurant.id, serviceDate, customerKey: `email:${email}` };
      let row: ReservationRow;
      try {
        row = await repo.transaction(async (trx) => {
          const slotId = await repo.takeSlot(
            trx,
            { tenantId, restaurantId: restaurant.id, startsAt, capacity: restaurant.capacity_per_slot },
            units,
          );
          if (slotId === null) {
            // No query on `db` in here: on SQLite the transaction holds the only connection.
            const { time } = formatWhen(startsAt, rules.timezone, locale);
            throw new AppError(
              'conflict',
              `Sorry, ${time} is fully booked for a party of ${input.party_size}. Please choose another time.`,
              { starts_at: 'Fully booked' },
            );
          }
          if (!(await repo.takeCustomerDay(trx, customerDay, restaurant.max_active_per_customer))) {
            throw new AppError(
              'conflict',
              `You already have ${restaurant.max_active_per_customer} bookings at ${restaurant.name} that day. Cancel one to book another time.`,
              { email: 'Booking limit reached for this day' },
            );
          }
          return repo.insert(trx, {
            tenant_id: tenantId,
            restaurant_id: restaurant.id,
            slot_id: slotId,
            reference: newReference(),
            status: 'confirmed',
            starts_at: startsAt,
            ends_at: new Date(Date.parse(startsAt) + restaurant.stay_minutes * 60_000).toISOString(),
            service_date: serviceDate,
            party_size: input.party_size,
            units,
            name: input.name,
            email: input.email,
            phone_no: input.phone_no,
            special_requests: input.special_requests,
            user_id: identity?.userId ?? null,
            customer_key: customerDay.customerKey,
            cancel_token_hash: sha256(token),
            idempotency_key: idempotencyKey,
            request_fingerprint: fingerprint,
          });
        });
      } catch (error) {
        // A concurrent retry with the same key won: answer with its booking (this one rolled back).
        if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'conflict')) {
          const other = await replay();
          if (other) return other;
        }
        throw error;
      }
      const reservation = toView(row, restaurant);
      await mails.mailSafely(() => mails.sendConfirmation(reservation, tenantId, token), reservation.reference);
      return { reservation, created: true };
    },
  };
}
