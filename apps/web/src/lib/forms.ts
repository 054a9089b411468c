import { zodResolver } from '@hookform/resolvers/zod';
import { type RefObject, useEffect } from 'react';
import {
  type FieldValues,
  type FormState,
  type Path,
  type UseFormProps,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { focusFirstError } from '@/components/ui/field';

/**
 * Every storefront form (DESIGN §2): react-hook-form checked by a zod schema, from the contract where
 * the form sends an API body. Errors show after a submit and stay until the next one; a form that
 * moves focus to its first invalid field says so with `useFocusFirstError`.
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

/** After a failed submit, focus goes to the first invalid field in page order. */
export function useFocusFirstError<T extends FieldValues>(
  root: RefObject<HTMLElement | null>,
  { submitCount, isSubmitSuccessful }: Pick<FormState<T>, 'submitCount' | 'isSubmitSuccessful'>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per submit, when its errors are on the page
  useEffect(() => {
    if (submitCount > 0 && !isSubmitSuccessful) focusFirstError(root.current);
  }, [submitCount]);
}
