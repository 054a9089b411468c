import { type Address, addressRequestSchema } from '@storefront/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { useSaveAddress } from '../api/save-address';
import {
  type FieldErrors,
  FormAlert,
  formValues,
  SubmitButton,
  secondaryButtonClass,
  TextField,
  validate,
} from './form-fields';

/** The address form (street, suburb, city, postcode), for a new address or an existing one. */
export function AddressForm({ address, onDone }: { address?: Address; onDone(): void }) {
  const save = useSaveAddress();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage('');
    const result = validate(addressRequestSchema, formValues(event.currentTarget));
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      await save.mutateAsync({ ...result.data, id: address?.id });
      toast.success(address ? 'Address updated' : 'Address saved');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setMessage(error instanceof ApiError ? error.message : 'Could not save the address.');
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-lg border border-stone-200 p-4 sm:grid-cols-2"
      aria-label={address ? 'Edit address' : 'New address'}
    >
      <div className="sm:col-span-2">
        <FormAlert>{message}</FormAlert>
      </div>
      <TextField
        label="Label (optional)"
        name="label"
        defaultValue={address?.label}
        error={errors.label}
        placeholder="Home, Work…"
      />
      <TextField
        label="Street address"
        name="street"
        autoComplete="address-line1"
        defaultValue={address?.street}
        required
        error={errors.street}
      />
      <TextField
        label="Suburb"
        name="suburb"
        autoComplete="address-level3"
        defaultValue={address?.suburb}
        required
        error={errors.suburb}
      />
      <TextField
        label="City"
        name="city"
        autoComplete="address-level2"
        defaultValue={address?.city}
        required
        error={errors.city}
      />
      <TextField
        label="Postcode"
        name="postcode"
        autoComplete="postal-code"
        inputMode="numeric"
        defaultValue={address?.postcode}
        required
        error={errors.postcode}
      />
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2">
        <SubmitButton pending={save.isPending}>Save address</SubmitButton>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
