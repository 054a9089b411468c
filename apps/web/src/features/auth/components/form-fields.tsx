import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { Field, type FieldLook } from '@/components/ui/field';

const authLook: FieldLook = {
  label: 'font-medium text-sm text-stone-800',
  input:
    'rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary aria-invalid:border-red-700',
  hint: 'text-sm text-stone-600',
  error: 'text-red-700 text-sm',
};

/** The shared Field in the sign-in pages' look. */
export function TextField({ className, ...field }: ComponentProps<typeof Field>) {
  return <Field look={authLook} className={`flex flex-col gap-1 ${className ?? ''}`} {...field} />;
}

export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800 text-sm">
      {children}
    </p>
  );
}

/**
 * An auth form: `message` (the API's refusal) above its fields. In `columns`, a two-column grid,
 * the message spans both.
 */
export function AuthForm({
  label,
  message,
  onSubmit,
  columns = false,
  className = columns ? 'grid gap-4 sm:grid-cols-2' : 'flex flex-col gap-4',
  status,
  children,
}: {
  label: string;
  message: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  columns?: boolean;
  className?: string;
  /** Said before the message. */
  status?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={className} aria-label={label}>
      {status}
      {columns ? (
        <div className="sm:col-span-2">
          <FormAlert>{message}</FormAlert>
        </div>
      ) : (
        <FormAlert>{message}</FormAlert>
      )}
      {children}
    </form>
  );
}

type Preset = Omit<ComponentProps<typeof Field>, 'label'> & { label?: string };

export function EmailField(props: Preset) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}

export function PhoneField(props: Preset) {
  return <TextField label="Phone" type="tel" autoComplete="tel" {...props} />;
}

export function NameField(props: Preset) {
  return <TextField label="Name" autoComplete="name" {...props} />;
}

/** The mailed 6-digit code. */
export function CodeField(props: Preset) {
  return (
    <TextField
      label="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...props}
    />
  );
}

export function NewPasswordField(props: Preset) {
  return (
    <TextField
      label="New password"
      type="password"
      autoComplete="new-password"
      hint="At least 8 characters."
      {...props}
    />
  );
}

export function SubmitButton({ children, pending }: { children: ReactNode; pending?: boolean }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
    >
      {children}
    </button>
  );
}

export const secondaryButtonClass =
  'rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60';

export const linkClass =
  'font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary';

export function AuthCard({ title, children, intro }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-12">
      <div className="flex flex-col gap-2">
        <h1 className="font-bold text-3xl text-stone-900">{title}</h1>
        {intro && <div className="text-stone-600">{intro}</div>}
      </div>
      {children}
    </section>
  );
}
