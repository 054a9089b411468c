import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { onIdle } from '@/lib/idle';

export interface MenuLink {
  to: string;
  label: string;
}

// Decision 035: the panel (and Radix) stays off the first route; it loads when the page is idle
// after hydration or on first open. Closed, it renders nothing on the server or the client.
const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.MobileMenuPanel })));

/** The header's links on a narrow screen: a button (aria-expanded) opening a panel under the header. */
export function MobileMenu({ links }: { links: MenuLink[] }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => onIdle(() => void loadPanel()), []);
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
          setEverOpened(true);
          setOpen(true);
        }}
        className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary lg:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <MobileMenuPanel links={links} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
