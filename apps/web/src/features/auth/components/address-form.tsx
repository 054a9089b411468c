import { type Address, type AddressRequest, addressRequestSchema } from '@orderfront/core';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { useSaveAddress } from '../api/save-address';
import { useFormMessage } from '../hooks/use-form-message';
import { AuthForm, SubmitButton, secondaryButtonClass, TextField } from './form-fields';

const blankAddress: AddressRequest = { label: '', street: '', suburb: '', city: '', postcode: '' };

/** The address form (street, suburb, city, postcode), for a new address or an existing one. */
export function AddressForm({ address, onDone }: { address?: Address; onDone(): void }) {
  const save = useSaveAddress();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(addressRequestSchema, { defaultValues: address ? addressValues(address) : blankAddress });
  const { message, submitWith, fail } = useFormMessage();

  async function onValid(values: z.output<typeof addressRequestSchema>) {
    try {
      await save.mutateAsync({ ...values, id: address?.id });
      toast.success(address ? 'Address updated' : 'Address saved');
      onDone();
    } catch (error) {
      fail(error, 'Could not save the address.', setError);
    }
  }

  return (
    <AuthForm
      label={address ? 'Edit address' : 'New address'}
      message={message}
      onSubmit={submitWith(handleSubmit(onValid))}
      columns
      className="grid gap-4 rounded-lg border border-stone-200 p-4 sm:grid-cols-2"
    >
      <TextField
        label="Label (optional)"
        error={errors.label?.message}
        {...register('label')}
        placeholder="Home, Work…"
      />
      <TextField
        label="Street address"
        autoComplete="address-line1"
        required
        error={errors.street?.message}
        {...register('street')}
      />
      <TextField
        label="Suburb"
        autoComplete="address-level3"
        required
        error={errors.suburb?.message}
        {...register('suburb')}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        required
        error={errors.city?.message}
        {...register('city')}
      />
      <TextField
        label="Postcode"
        autoComplete="postal-code"
        inputMode="numeric"
        required
        error={errors.postcode?.message}
        {...register('postcode')}
      />
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2">
        <SubmitButton pending={save.isPending}>Save address</SubmitButton>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
      </div>
    </AuthForm>
  );
}

function addressValues({ label, street, suburb, city, postcode }: Address): AddressRequest {
  return { label, street, suburb, city, postcode };
}
