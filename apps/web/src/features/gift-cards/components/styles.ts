/** Class names of the gift card and loyalty screens (no component library yet). */
export const inputClass =
  'w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-red-700';
export const labelClass = 'mb-1 block font-medium text-stone-800';
export const errorClass = 'mt-1 text-red-700 text-sm';
export const primaryButton =
  'inline-flex items-center justify-center rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60';
export const cardClass = 'rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6';
