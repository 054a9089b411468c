import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { runtimeConfig } from '@/config/runtime';
import { ApiError } from '@/lib/api-client';

/** Small shared pieces of the back office's look (plain, dense, high-contrast). */
export const buttonClass =
  'inline-flex items-center justify-center gap-1.5 rounded-md border border-stone-400 bg-white px-3 py-1.5 font-semibold text-sm text-stone-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:opacity-60';
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-1.5 rounded-md bg-stone-900 px-3 py-1.5 font-semibold text-sm text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:opacity-60';
export const inputClass =
  'rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:outline-2 focus:outline-stone-900';

export function Button({ primary, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { primary?: boolean }) {
  return <button type="button" className={primary ? primaryButtonClass : buttonClass} {...props} />;
}

/** An input under its label. */
export function LabelledInput({
  label,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <label htmlFor={input.id} className="grid gap-1 text-sm">
      {label}
      <input className={inputClass} {...input} />
    </label>
  );
}

/** A number of minutes from a short list (a pause, a preparation time). */
export function MinutesSelect({
  id,
  label,
  choices,
  value,
  onChange,
}: {
  id: string;
  label: string;
  choices: number[];
  value: number;
  onChange(minutes: number): void;
}) {
  return (
    <label htmlFor={id} className="grid gap-1 text-sm">
      {label}
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {choices.map((m) => (
          <option key={m} value={m}>
            {m} minutes
          </option>
        ))}
      </select>
    </label>
  );
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-bold text-2xl text-stone-900">{children}</h1>
      {actions}
    </div>
  );
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-3 py-2 text-sm ${tone === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-stone-300 bg-stone-50 text-stone-800'}`}
    >
      {children}
    </p>
  );
}

/** The restaurant's local date of an instant, as 'YYYY-MM-DD'. */
const localDate = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/**
 * When something comes back, as a cook says it: 'tomorrow' for the coming local midnight (an item
 * out for today), else the time, with the weekday when it is not today ('Friday 5:00 pm'); a later
 * midnight is that day ('Friday').
 */
export function untilText(iso: string, timeZone: string, now = new Date(), locale = runtimeConfig.tenant.locale) {
  const at = new Date(iso);
  const day = localDate(at, timeZone);
  const time = formatTime(iso, timeZone, locale);
  const midnight =
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at) ===
    '00:00';
  const tomorrow = localDate(new Date(now.getTime() + 86_400_000), timeZone);
  if (midnight && day === tomorrow) return 'tomorrow';
  if (day === localDate(now, timeZone)) return time;
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long' }).format(at);
  return midnight ? weekday : `${weekday} ${time}`;
}

/** A local time of the restaurant, e.g. '7:45 pm'. */
export function formatTime(iso: string, timeZone: string, locale = runtimeConfig.tenant.locale) {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** The API's words as they are, with a field's note only when it adds something. */
export function messageOf(error: unknown) {
  const message = (error as Error).message;
  const notes = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
  const extra = notes.filter((note) => note !== message).join(' ');
  return extra ? `${message}: ${extra}` : message;
}

/** A labelled field with its message under it (the message describes the input: see `invalid`). */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes that tie an input to the message a `Field` shows under it. */
export const invalid = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
