import type { Reservation } from '@orderfront/core';
import { escapeHtml } from '../../lib/html.js';
import type { ReservationDeps } from './context.js';

export function formatWhen(instant: string, timeZone: string, locale: string) {
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(instant));
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
  return { date, time };
}

/** The guest's confirmation and cancellation mails. */
export function reservationMails(deps: ReservationDeps, localeOf: (tenantId: number) => Promise<string>) {
  function cancelLink(reference: string, token: string) {
    const url = new URL('/reservations', deps.config.publicBaseUrl);
    // In the fragment: browsers never send it to a server, so it stays out of access logs.
    url.hash = `reference=${reference}&token=${token}`;
    return url.toString();
  }

  async function sendConfirmation(reservation: Reservation, tenantId: number, token: string) {
    const locale = await localeOf(tenantId);
    const { date, time } = formatWhen(reservation.starts_at, reservation.restaurant.timezone, locale);
    const until = formatWhen(reservation.cancel_until, reservation.restaurant.timezone, locale);
    const link = cancelLink(reservation.reference, token);
    const guests = `${reservation.party_size} ${reservation.party_size === 1 ? 'guest' : 'guests'}`;
    const lines = [
      `Hi ${reservation.name},`,
      '',
      `Your table at ${reservation.restaurant.name} is booked.`,
      '',
      `Reference: ${reservation.reference}`,
      `When: ${date} at ${time}`,
      `Guests: ${guests}`,
      `Where: ${reservation.restaurant.address}`,
      ...(reservation.special_requests ? [`Special requests: ${reservation.special_requests}`] : []),
      '',
      `Plans changed? You can cancel online until ${until.date} at ${until.time}:`,
      link,
      '',
      `See you soon,`,
      `${reservation.restaurant.name}, ${reservation.restaurant.phone}`,
    ];
    const html = `<p>Hi ${escapeHtml(reservation.name)},</p><p>Your table at <strong>${escapeHtml(reservation.restaurant.name)}</strong> is booked.</p><ul><li>Reference: <strong>${reservation.reference}</strong></li><li>When: ${escapeHtml(`${date} at ${time}`)}</li><li>Guests: ${guests}</li><li>Where: ${escapeHtml(reservation.restaurant.address)}</li>${reservation.special_requests ? `<li>Special requests: ${escapeHtml(reservation.special_requests)}</li>` : ''}</ul><p>Plans changed? You can <a href="${escapeHtml(link)}">cancel online</a> until ${escapeHtml(`${until.date} at ${until.time}`)}.</p><p>See you soon,<br>${escapeHtml(reservation.restaurant.name)}, ${escapeHtml(reservation.restaurant.phone)}</p>`;
    await deps.mailer.send({
      tenantId,
      to: reservation.email,
      subject: `Your table at ${reservation.restaurant.name}: ${date} at ${time} (${reservation.reference})`,
      text: lines.join('\n'),
      html,
    });
  }

  async function sendCancellation(reservation: Reservation, tenantId: number) {
    const locale = await localeOf(tenantId);
    const { date, time } = formatWhen(reservation.starts_at, reservation.restaurant.timezone, locale);
    await deps.mailer.send({
      tenantId,
      to: reservation.email,
      subject: `Reservation cancelled: ${reservation.restaurant.name}, ${date} at ${time} (${reservation.reference})`,
      text: [
        `Hi ${reservation.name},`,
        '',
        `Your reservation ${reservation.reference} at ${reservation.restaurant.name} on ${date} at ${time} is cancelled.`,
        '',
        `We hope to see you another time.`,
        `${reservation.restaurant.name}, ${reservation.restaurant.phone}`,
      ].join('\n'),
    });
  }

  /** Mail is a courtesy: a booking stands even when the mail server is down, and the log says so. */
  async function mailSafely(send: () => Promise<void>, reference: string) {
    try {
      await send();
    } catch (error) {
      deps.log.error({ err: error, reference }, 'reservation mail could not be sent');
    }
  }

  return { sendConfirmation, sendCancellation, mailSafely };
}
