import { type RestaurantEntry, responsiveImage } from '@orderfront/core';
import { useState } from 'react';
import { Phone, Store } from '@/components/ui/place-icons';
import { addressLine } from '../lib/format';

/** The restaurant's picture, or a placeholder when it has none or it fails to load. */
export function RestaurantImage({ src }: { src: string | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        data-testid="restaurant-image-placeholder"
        aria-hidden="true"
        className="grid size-16 shrink-0 place-items-center rounded-lg bg-primary-light text-primary"
      >
        <Store className="size-7" />
      </div>
    );
  }
  return (
    <img
      src={src}
      // A resized upload's narrowest size (decision 046) is plenty for the 4rem box.
      srcSet={responsiveImage(src).srcSet}
      sizes="4rem"
      alt=""
      width={64}
      height={64}
      loading="lazy"
      onError={() => setFailedSrc(src)}
      className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover"
    />
  );
}

/** Open or closed now, as the server says; a closure today shows its reason (decision 037). */
export function OpenBadge({ open, closedReason = null }: { open: boolean; closedReason?: string | null }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 font-medium text-xs ${
        open ? 'bg-green-50 text-green-800' : 'bg-stone-100 text-stone-700'
      }`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${open ? 'bg-green-600' : 'bg-stone-500'}`} />
      {open ? 'Open now' : closedReason ? `Closed today: ${closedReason}` : 'Closed now'}
    </span>
  );
}

/** A card's content: image, name, address, phone, and whether it is open now. */
export function RestaurantCardBody({ entry }: { entry: RestaurantEntry }) {
  const { restaurant } = entry;
  return (
    <span className="flex min-w-0 flex-1 gap-3">
      <RestaurantImage src={entry.attachment_paths[0]?.upload_path} />
      <span className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold text-base text-stone-900">{restaurant.name}</span>
        <span className="text-sm text-stone-700">{addressLine(restaurant.address)}</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
          <span className="inline-flex items-center gap-1">
            <Phone aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Phone: </span>
            {restaurant.address.phone}
          </span>
          <OpenBadge open={restaurant.is_open_now} closedReason={restaurant.closed_reason} />
        </span>
      </span>
    </span>
  );
}
