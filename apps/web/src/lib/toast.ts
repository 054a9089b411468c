import { createElement } from 'react';
import type { ExternalToast } from 'sonner';
import { onUse } from './on-use';

type Sonner = typeof import('sonner');

// Decision 035: sonner stays off the first route. The first toast asked for loads it (and mounts the
// provider's Toaster); idle only prefetches. A toast asked for before the Toaster subscribed is
// replayed to it by sonner.
export const sonner = onUse(() => import('sonner'));
const toasterWanted = new Set<() => void>();

/** Loads sonner once (and asks the lazy Toaster to mount). */
export function loadSonner(): Promise<Sonner> {
  for (const listener of toasterWanted) listener();
  return sonner.load();
}

/** The lazy Toaster listens here: a toast is on its way, mount now rather than at idle. */
export function onToasterWanted(listener: () => void): () => void {
  toasterWanted.add(listener);
  return () => toasterWanted.delete(listener);
}

/** Runs `use` with sonner once it has loaded (toasts with sonner's own defaults, spec §9). */
export function withSonner(use: (sonner: Sonner) => void): void {
  void loadSonner().then(use);
}

let lastId = 0;

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** Spec §9: the helper's default duration (sonner's own default, 4000 ms, applies elsewhere). */
export const toastDuration = 2000;

/** Warnings are orange (spec §9), whatever sonner's palette says. */
const warningStyle = { background: '#fff7ed', color: '#9a3412', borderColor: '#fb923c' } as const;

export interface ToastOptions {
  /** One text, or several shown as lines in order. */
  description?: string | readonly string[];
  duration?: number;
  action?: ExternalToast['action'];
}

function asLines(description: ToastOptions['description']): ExternalToast['description'] {
  if (typeof description === 'string' || description === undefined) return description;
  return description.map((line, i) => createElement('span', { key: i, className: 'block' }, line));
}

/** Shows a toast of `type`; texts are shown as text. Returns the toast's id. */
export function showToast(type: ToastType, title: string, options: ToastOptions = {}): string | number {
  const { description, duration = toastDuration, action } = options;
  // The id is ours, so it can be returned (and dismissed) before sonner has loaded.
  const id = `toast-${++lastId}`;
  const base: ExternalToast = { id, description: asLines(description), duration, action };
  withSonner(({ toast: sonner }) => {
    if (type === 'warning') sonner.warning(title, { ...base, style: warningStyle, className: 'toast-warning' });
    else sonner[type](title, base);
  });
  return id;
}

/** `toast.success('Restaurant selected')`, `toast.error('Error', { description: 'Failed to remove item from cart.' })` */
export const toast = {
  success: (title: string, options?: ToastOptions) => showToast('success', title, options),
  error: (title: string, options?: ToastOptions) => showToast('error', title, options),
  warning: (title: string, options?: ToastOptions) => showToast('warning', title, options),
  info: (title: string, options?: ToastOptions) => showToast('info', title, options),
  dismiss: (id?: string | number) => withSonner(({ toast: sonner }) => sonner.dismiss(id)),
};

// Bars a toast must never cover (a sheet's "Add to cart", a drawer's checkout): while one is on
// screen, toasts sit above the highest of them. Sonner reads the offset from this CSS variable.
const clearanceVariable = '--toast-clearance';
const bars = new Set<HTMLElement>();

function updateClearance() {
  let clearance = 0;
  for (const bar of bars) {
    const { top } = bar.getBoundingClientRect();
    // A bar scrolled out of sight has nothing to keep clear.
    if (top >= 0 && top < window.innerHeight) clearance = Math.max(clearance, window.innerHeight - top);
  }
  document.documentElement.style.setProperty(clearanceVariable, `${Math.max(0, Math.round(clearance))}px`);
}

/** Sonner's offsets (spec §9's bottom-right place), raised above any registered bar. */
export const toasterOffsets = {
  offset: { bottom: `calc(24px + var(${clearanceVariable}, 0px))`, right: '24px' },
  mobileOffset: { bottom: `calc(16px + var(${clearanceVariable}, 0px))`, right: '16px', left: '16px' },
};

/**
 * A ref callback (React 19: its return value is the cleanup) that keeps toasts clear of the
 * element while it is mounted, following its size and place: `<div ref={keepToastsClear}>`.
 */
export function keepToastsClear(bar: HTMLElement | null): (() => void) | undefined {
  if (!bar) return undefined;
  bars.add(bar);
  updateClearance();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(updateClearance);
  observer?.observe(bar);
  window.addEventListener('resize', updateClearance);
  // Capture: a bar inside a scrolling drawer moves without the window scrolling.
  window.addEventListener('scroll', updateClearance, true);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', updateClearance);
    window.removeEventListener('scroll', updateClearance, true);
    bars.delete(bar);
    updateClearance();
  };
}
