import { createElement } from 'react';
import { type ExternalToast, toast as sonner } from 'sonner';

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
  const base: ExternalToast = { description: asLines(description), duration, action };
  if (type === 'warning') return sonner.warning(title, { ...base, style: warningStyle, className: 'toast-warning' });
  return sonner[type](title, base);
}

/** `toast.success('Restaurant selected')`, `toast.error('Error', { description: 'Failed to remove item from cart.' })` */
export const toast = {
  success: (title: string, options?: ToastOptions) => showToast('success', title, options),
  error: (title: string, options?: ToastOptions) => showToast('error', title, options),
  warning: (title: string, options?: ToastOptions) => showToast('warning', title, options),
  info: (title: string, options?: ToastOptions) => showToast('info', title, options),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
