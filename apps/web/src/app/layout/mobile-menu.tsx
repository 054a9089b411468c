import { useRef, useState } from 'react';
import { icon } from '@/components/ui/icon';
import { onUse } from '@/lib/on-use';

const Menu = icon([
  ['path', { d: 'M4 5h16' }],
  ['path', { d: 'M4 12h16' }],
  ['path', { d: 'M4 19h16' }],
]);

export interface MenuLink {
  to: string;
  label: string;
}

// Decision 035: the panel (and Radix) stays off the first route; the first tap on the button loads
// it and it opens when it arrives (idle only prefetches). Closed, it renders nothing on the server
// or the client.
const panel = onUse(() => import('./mobile-menu-panel'));

/** The header's links on a narrow screen: a button (aria-expanded) opening a panel under the header. */
export function MobileMenu({ links }: { links: MenuLink[] }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  panel.usePrefetchWhenIdle();
  const loaded = panel.useModule(everOpened);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          void panel.load();
          setEverOpened(true);
          setOpen(true);
        }}
        className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary lg:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {loaded && <loaded.MobileMenuPanel links={links} open={open} onOpenChange={setOpen} returnFocusTo={button} />}
    </>
  );
}
