import { registrationLine, type Theme } from '@orderfront/core';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { icon } from '@/components/ui/icon';
import { Phone } from '@/components/ui/place-icons';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { useHydrated } from '@/lib/hydrated';
import { toast } from '@/lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import { type ContactFormValues, contactFormSchema } from '../lib/contact-form';

const Globe = icon([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20' }],
  ['path', { d: 'M2 12h20' }],
]);
const Mail = icon([
  ['path', { d: 'm22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7' }],
  ['rect', { x: '2', y: '4', width: '20', height: '16', rx: '2' }],
]);

const inputClass =
  'mt-1 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-primary focus:outline-2 focus:outline-primary aria-[invalid=true]:border-red-700';

function Field({
  field,
  label,
  error,
  type = 'text',
  autoComplete,
  multiline,
  required,
}: {
  field: UseFormRegisterReturn<keyof ContactFormValues>;
  label: string;
  error?: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
  required?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    ...field,
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
        {!required && <span className="font-normal text-stone-600"> (optional)</span>}
      </label>
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error && (
        <p id={errorId} className="mt-1 text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** /contact: how to reach the business, and a form that mails it. */
export function ContactPage({ tenantId, general }: { tenantId: number; general: Theme['general'] }) {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(contactFormSchema, {
    defaultValues: { name: '', email: '', phone: '', message: '' },
    shouldFocusError: true,
  });
  const [sent, setSent] = useState(false);
  const hydrated = useHydrated();
  const canMail = Boolean(general.contactEmail);

  function onValid(values: z.output<typeof contactFormSchema>) {
    send.mutate(
      { tenant_id: tenantId, ...values },
      {
        onSuccess: () => {
          setSent(true);
          reset();
          toast.success('Message sent', { description: 'Thanks! We will get back to you soon.' });
        },
        onError: (error) => {
          if (error instanceof ApiError) showServerErrors(setError, error.fields);
          toast.error('Message not sent', { description: error.message });
        },
      },
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[1fr_1.4fr]">
      <section aria-labelledby="contact-title">
        <h1 id="contact-title" className="font-bold text-3xl">
          Contact us
        </h1>
        {general.businessFullName && <p className="mt-4 font-semibold text-lg">{general.businessFullName}</p>}
        {general.tagline && <p className="mt-1 text-stone-600">{general.tagline}</p>}
        <ul className="mt-6 space-y-3">
          {general.contactPhone && (
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="size-5 text-primary" />
              <a
                href={`tel:${general.contactPhone.replace(/[^0-9+]/g, '')}`}
                className="underline-offset-4 hover:underline"
              >
                {general.contactPhone}
              </a>
            </li>
          )}
          {general.contactEmail && (
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="size-5 text-primary" />
              <a href={`mailto:${general.contactEmail}`} className="underline-offset-4 hover:underline">
                {general.contactEmail}
              </a>
            </li>
          )}
          {general.websiteUrl && (
            <li className="flex items-center gap-3">
              <Globe aria-hidden="true" className="size-5 text-primary" />
              <a href={general.websiteUrl} className="underline-offset-4 hover:underline" rel="noopener noreferrer">
                {general.websiteUrl.replace(/^https?:\/\//, '')}
              </a>
            </li>
          )}
        </ul>
        {general.aboutContent && <p className="mt-6 whitespace-pre-line text-stone-700">{general.aboutContent}</p>}
        {general.businessAcn && <p className="mt-4 text-sm text-stone-600">{registrationLine(general.businessAcn)}</p>}
      </section>

      <section aria-labelledby="contact-form-title" className="rounded-xl border border-stone-200 p-6 shadow-sm">
        <h2 id="contact-form-title" className="font-semibold text-xl">
          Send us a message
        </h2>
        {!canMail ? (
          <p className="mt-4 text-stone-700">This business does not take messages online; please call instead.</p>
        ) : (
          <form noValidate onSubmit={handleSubmit(onValid)} className="mt-4 space-y-4">
            <Field field={register('name')} label="Name" autoComplete="name" error={errors.name?.message} required />
            <Field
              field={register('email')}
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              required
            />
            <Field
              field={register('phone')}
              label="Phone"
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
            />
            <Field field={register('message')} label="Message" multiline error={errors.message?.message} required />
            <button
              type="submit"
              disabled={send.isPending || !hydrated}
              className="rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
            >
              {send.isPending ? 'Sending…' : 'Send message'}
            </button>
            <p role="status" className="text-green-800">
              {sent && !send.isPending ? 'Thanks! Your message has been sent.' : ''}
            </p>
          </form>
        )}
      </section>
    </div>
  );
}
