import { type ComponentProps, type ReactNode, useId } from 'react';
import { errorClass, hintClass, inputClass, labelClass } from './styles';

interface FieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  /** Ids of other text that explains this field (e.g. a delivery error about the address). */
  describedBy?: string;
  /** Class names of the parts, for screens with their own look (the sign-in pages). */
  look?: FieldLook;
}

export interface FieldLook {
  label: string;
  input: string;
  hint: string;
  error: string;
}

const sharedLook: FieldLook = { label: labelClass, input: inputClass, hint: hintClass, error: errorClass };

/** A labelled input whose error and hint are tied to it (aria-describedby, aria-invalid). */
export function Field({
  label,
  name,
  error,
  hint,
  describedBy: extra,
  look = sharedLook,
  className,
  ...input
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, extra].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={look.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={look.input}
        {...input}
      />
      {hint && (
        <p id={hintId} className={look.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={look.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Focuses the first invalid field inside `root` (after a failed submit). */
export function focusFirstError(root: HTMLElement | null) {
  root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
