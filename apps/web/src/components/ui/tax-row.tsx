import { runtimeConfig } from '@/config/runtime';

/**
 * The tax of a total as a row of a two-column `<dl>`, in the tenant's name for it. Prices that include
 * the tax (GST-style) already add up to the total, so the row goes under the total as 'Includes GST';
 * a tax added on top is a line of its own above the total.
 */
export function TaxRow({ amount, included, testId }: { amount: string; included: boolean; testId?: string }) {
  const name = runtimeConfig.tenant.taxName;
  if (!included) {
    return (
      <>
        <dt>{name}</dt>
        <dd className="text-right" data-testid={testId}>
          {amount}
        </dd>
      </>
    );
  }
  return (
    <>
      <dt className="text-stone-600 text-xs">Includes {name}</dt>
      <dd className="text-right text-stone-600 text-xs" data-testid={testId}>
        {amount}
      </dd>
    </>
  );
}
