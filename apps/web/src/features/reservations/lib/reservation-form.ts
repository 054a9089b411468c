import {
  type AvailableSlot,
  createReservationBodySchema,
  isValidDate,
  type ReservationRestaurant,
} from '@orderfront/core';
import { z } from 'zod';
import { draftBody, type ReservationDraft } from './draft';

/** The typed fields; the restaurant, date, party and time are chosen above them (the form's state). */
const contactFields = z.object({
  name: z.string(),
  email: z.string(),
  phoneNo: z.string(),
  specialRequests: z.string(),
});
export type ReservationFormValues = z.input<typeof contactFields> & {
  // The choices' names, so their errors sit beside the typed fields' ones.
  restaurant?: undefined;
  date?: undefined;
  partySize?: undefined;
  startsAt?: undefined;
};
export type ReservationField = keyof ReservationFormValues;

/** Focus order after a failed submit. */
export const fieldOrder: ReservationField[] = [
  'restaurant',
  'date',
  'partySize',
  'startsAt',
  'name',
  'email',
  'phoneNo',
  'specialRequests',
];

/** Contract field → form field, for the messages the shared schema gives. */
const fieldOf: Record<string, ReservationField> = {
  restaurant_id: 'restaurant',
  starts_at: 'startsAt',
  party_size: 'partySize',
  name: 'name',
  email: 'email',
  phone_no: 'phoneNo',
  special_requests: 'specialRequests',
};

/** What the choices above the typed fields stand for when the form is sent. */
export interface ReservationChoice {
  restaurant: ReservationRestaurant | null;
  date: string;
  partySize: number;
  slot: AvailableSlot | null;
}

export type ReservationFormDraft = Omit<ReservationDraft, 'idempotencyKey'>;

/** The booking body is checked by the contract; a missing choice is named on its own field first. */
export function reservationFormSchema(
  choice: ReservationChoice,
): z.ZodType<ReservationFormDraft, ReservationFormValues> {
  return contactFields.transform((values, ctx) => {
    const found: Partial<Record<ReservationField, string>> = {};
    if (!choice.restaurant) found.restaurant = 'Choose a restaurant';
    if (!isValidDate(choice.date)) found.date = 'Choose a date';
    if (!choice.slot) found.startsAt = 'Choose a time';
    const draft: ReservationFormDraft | null =
      choice.restaurant && choice.slot
        ? {
            restaurant: choice.restaurant,
            date: choice.date,
            partySize: choice.partySize,
            startsAt: choice.slot.starts_at,
            time: choice.slot.time,
            name: values.name.trim(),
            email: values.email.trim(),
            phoneNo: values.phoneNo.trim(),
            specialRequests: values.specialRequests.trim(),
          }
        : null;
    const parsed = createReservationBodySchema.safeParse(
      draft
        ? draftBody({ ...draft, idempotencyKey: '' })
        : {
            tenant_id: 1,
            restaurant_id: 1,
            starts_at: new Date().toISOString(),
            party_size: choice.partySize,
            name: values.name,
            email: values.email,
            phone_no: values.phoneNo,
            special_requests: values.specialRequests,
          },
    );
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = fieldOf[String(issue.path[0])];
      if (field && !found[field]) found[field] = issue.message;
    }
    for (const [field, message] of Object.entries(found)) ctx.addIssue({ code: 'custom', path: [field], message });
    return draft && Object.keys(found).length === 0 ? draft : z.NEVER;
  });
}
