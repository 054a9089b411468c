import { type FormEvent, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, apiMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/forms';

/** The one message an auth form shows above its fields: the API's refusal, else the form's own words. */
export function useFormMessage() {
  const [message, setMessage] = useState('');
  return {
    message,
    setMessage,
    /** A new submit clears the last message before the fields are checked. */
    submitWith:
      (submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
        setMessage('');
        void submit(event);
      },
    /** Says why `error` failed; with `setError`, the API's field errors also go on their fields. */
    fail<T extends FieldValues>(error: unknown, fallback: string, setError?: UseFormSetError<T>) {
      if (setError && error instanceof ApiError) showServerErrors(setError, error.fields);
      setMessage(apiMessage(error, fallback));
    },
  };
}
