import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ComponentProps, type ReactNode, useRef } from 'react';
import { X } from '@/components/ui/icon';

/** Radix Dialog (focus trapped and restored, aria-modal, labelled by its title) in our styling. */
export const Dialog = DialogPrimitive.Root;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;
export const DialogClose = DialogPrimitive.Close;

type ContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** false: no close button, and Escape or a click outside do nothing (a choice is required). */
  dismissible?: boolean;
  children: ReactNode;
};

export function DialogContent({ dismissible = true, className = '', children, ...props }: ContentProps) {
  const block = (event: Event) => event.preventDefault();
  // Radix returns focus to a Dialog.Trigger; ours may open from anywhere (or by itself), so it returns
  // focus to whatever had it when the dialog opened.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    // Into the body from the first render: Radix otherwise mounts the content in a second, synchronous
    // render after its layout effect, one long task even when the dialog opens in a transition (decision 058).
    <DialogPrimitive.Portal container={typeof document === 'undefined' ? undefined : document.body}>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/60" />
      <DialogPrimitive.Content
        {...props}
        onOpenAutoFocus={(event) => {
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          props.onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          props.onCloseAutoFocus?.(event);
          const target = returnTo.current;
          if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
          event.preventDefault();
          target.focus();
        }}
        onEscapeKeyDown={dismissible ? props.onEscapeKeyDown : block}
        onPointerDownOutside={dismissible ? props.onPointerDownOutside : block}
        onInteractOutside={dismissible ? props.onInteractOutside : block}
        className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl bg-white text-stone-900 shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(36rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl ${className}`}
      >
        {children}
        {dismissible && (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
