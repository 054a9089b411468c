import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type UseFormProps, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Every storefront form (DESIGN §2): react-hook-form checked by a zod schema, from the contract where
 * the form sends an API body. Errors show after a submit and stay until the next one; a form that
 * moves focus to its first invalid field does so itself (ui/field's `focusFirstError`, in page order).
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema),
  });
}

/** The API's `error.fields` (one message per body field) shown on the matching form fields. */
export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string> | undefined,
) {
  for (const [name, message] of Object.entries(fields ?? {})) setError(name as Path<T>, { type: 'server', message });
}
