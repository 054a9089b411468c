import { useId } from 'react';
import { useZodForm } from '@/lib/forms';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { newsletterFormSchema } from '../lib/newsletter-form';

/** The footer's optional newsletter sign-up (footer.showNewsletter). */
export function NewsletterForm({ tenantId }: { tenantId: number }) {
  const subscribe = useSubscribeNewsletter();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(newsletterFormSchema, { defaultValues: { email: '' } });
  const error = errors.email?.message;
  const id = useId();

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ email }) =>
        subscribe.mutate(
          { tenant_id: tenantId, email },
          { onSuccess: () => reset(), onError: (e) => setError('email', { type: 'server', message: e.message }) },
        ),
      )}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="mb-3 font-semibold text-white">
        Newsletter
      </h2>
      <label htmlFor={id} className="block text-sm text-stone-200">
        Email address
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="email"
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900"
          {...register('email')}
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="rounded-md bg-accent px-4 py-2 font-semibold text-stone-900 hover:opacity-90 disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-200">
          {error}
        </p>
      )}
      <p role="status" className="mt-1 text-sm text-stone-200">
        {subscribe.isSuccess ? 'Thanks for subscribing!' : ''}
      </p>
    </form>
  );
}
