import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { X } from '@/components/ui/icon';
import { NavLink } from '@/components/ui/link';
import type { MenuLink } from './mobile-menu';

/**
 * The mobile menu's panel under the header: Radix traps focus and closes on Escape; closing gives
 * focus back to the header's menu button.
 */
export function MobileMenuPanel({
  links,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  links: MenuLink[];
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto rounded-b-2xl bg-white px-4 pt-3 pb-5 text-stone-900 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="font-bold text-lg">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="grid size-10 place-items-center rounded-full text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Main">
            <ul className="mt-2 flex flex-col font-medium text-lg">
              {links.map(({ to, label }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    onClick={() => onOpenChange(false)}
                    className="block rounded-md px-2 py-3 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary aria-[current=page]:text-primary"
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
