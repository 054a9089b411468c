import { useState } from 'react';
import { toast } from 'sonner';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { AddressForm } from './address-form';
import { secondaryButtonClass } from './form-fields';

export function AddressesSection() {
  const { data: addresses, isPending, isError } = useAddresses();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  return (
    <div className="flex flex-col gap-4">
      {isPending && <p className="text-stone-600">Loading addresses…</p>}
      {isError && (
        <p role="alert" className="text-red-700">
          Could not load your addresses.
        </p>
      )}
      {addresses && addresses.length === 0 && editing !== 'new' && (
        <p className="text-stone-600">No saved addresses yet.</p>
      )}
      <ul className="flex flex-col gap-3">
        {addresses?.map((address) =>
          editing === address.id ? (
            <li key={address.id}>
              <AddressForm address={address} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li
              key={address.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 p-4"
            >
              <div>
                {address.label && <p className="font-semibold">{address.label}</p>}
                <p>{address.street}</p>
                <p className="text-stone-600">
                  {address.suburb}, {address.city} {address.postcode}
                </p>
              </div>
              <div className="flex gap-2">
                <button type="button" className={secondaryButtonClass} onClick={() => setEditing(address.id)}>
                  Edit<span className="sr-only"> {address.label || address.street}</span>
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(address.id, {
                      onSuccess: () => toast.success('Address deleted'),
                      onError: () => toast.error('Could not delete the address'),
                    })
                  }
                >
                  Delete<span className="sr-only"> {address.label || address.street}</span>
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <AddressForm onDone={() => setEditing(null)} />
      ) : (
        <div>
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
            Add an address
          </button>
        </div>
      )}
    </div>
  );
}
