import { type ReactNode, useId } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A labelled control with its hint and its error message tied to it (set-up forms, decision 037). */
export function SetupField({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`grid min-w-0 grid-cols-1 content-start gap-1 text-sm ${className ?? ''}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-stone-600 text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
