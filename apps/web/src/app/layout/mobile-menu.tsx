import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';

export interface MenuLink {
  to: string;
  label: string;
}

/**
 * The header's links on a narrow screen: a button (aria-expanded) opening a panel under the header.
 * Radix (already in the first load for the cart drawer) traps focus, closes on Escape and gives
 * focus back to the button.
 */
export function MobileMenu({ links }: { links: MenuLink[] }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        aria-label="Menu"
        className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary lg:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
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
                    onClick={() => setOpen(false)}
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
