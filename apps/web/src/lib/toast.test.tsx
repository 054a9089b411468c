import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, toastDuration } from './toast';

describe('toast helper (spec §9)', () => {
  afterEach(() => act(() => void toast.dismiss()));

  it('shows success, error, warning and info toasts with title and description', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Restaurant selected');
      toast.error('Error', { description: 'Failed to remove item from cart.' });
      toast.info('Heads up');
    });
    expect(await screen.findByText('Restaurant selected')).toBeInTheDocument();
    expect(screen.getByText('Failed to remove item from cart.')).toBeInTheDocument();
    expect(screen.getByText('Heads up')).toBeInTheDocument();
  });

  it('shows warnings in orange', async () => {
    render(<Toaster />);
    act(() => void toast.warning('Please log in'));
    const item = (await screen.findByText('Please log in')).closest('li') as HTMLElement;
    expect(item).toHaveStyle({ background: '#fff7ed', color: '#9a3412' });
  });

  it('closes after 2000 ms by default', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    expect(toastDuration).toBe(2000);
    render(<Toaster />);
    act(() => void toast.success('Removed from cart'));
    expect(await screen.findByText('Removed from cart')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2600));
    await vi.waitFor(() => expect(screen.queryByText('Removed from cart')).not.toBeInTheDocument());
  });
});
