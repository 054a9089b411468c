/** Where the customer is in the two-step checkout. */
export function CheckoutSteps({ current }: { current: 1 | 2 }) {
  const steps = ['Details', 'Payment'];
  return (
    <ol aria-label="Checkout steps" className="flex gap-4 text-sm">
      {steps.map((label, i) => {
        const n = i + 1;
        return (
          <li
            key={label}
            aria-current={n === current ? 'step' : undefined}
            className={`flex items-center gap-2 ${n === current ? 'font-semibold text-stone-900' : 'text-stone-600'}`}
          >
            <span
              aria-hidden="true"
              className={`grid size-6 place-items-center rounded-full text-xs ${n === current ? 'bg-primary text-white' : 'bg-stone-200 text-stone-800'}`}
            >
              {n}
            </span>
            Step {n}: {label}
          </li>
        );
      })}
    </ol>
  );
}
