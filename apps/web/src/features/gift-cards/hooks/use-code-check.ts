import type { GiftCardBalance } from '@orderfront/core';
import { useId } from 'react';
import { apiMessage } from '@/lib/api-client';
import { useZodForm } from '@/lib/forms';
import { useCheckGiftCardBalance } from '../api/check-gift-card-balance';
import { giftCardCodeFormSchema } from '../lib/code-form';

/**
 * The gift card code form of the balance checker and the checkout: `run` checks a code with the
 * balance call and a refusal shows on the code's field; `codeInput` wires the input to that error.
 */
export function useCodeCheck() {
  const id = useId();
  const form = useZodForm(giftCardCodeFormSchema, { defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;
  const errorId = `${id}-error`;
  const check = useCheckGiftCardBalance();

  function run(
    code: string,
    { onSuccess, onFailed }: { onSuccess?(result: GiftCardBalance): void; onFailed?(): void } = {},
  ) {
    form.clearErrors();
    check.mutate(code, {
      onSuccess,
      onError: (e) => {
        const message = apiMessage(e, 'Something went wrong. Please try again.');
        form.setError('code', { type: 'server', message });
        onFailed?.();
      },
    });
  }

  const codeInput = {
    id: `${id}-code`,
    placeholder: 'XXXX-XXXX-XXXX-XXXX',
    autoComplete: 'off',
    spellCheck: false,
    maxLength: 64,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    ...form.register('code'),
  };
  return { form, check, error, errorId, run, codeInput };
}
