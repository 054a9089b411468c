import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useHydrated } from './hydrated';

function Send() {
  return (
    <button type="submit" disabled={!useHydrated()}>
      Send
    </button>
  );
}

// React's act() warns unless the environment says it is a test one (Testing Library sets this itself).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useHydrated', () => {
  it('is false in the server markup and true once the browser has hydrated it, without a mismatch', async () => {
    const html = renderToString(<Send />);
    expect(html).toContain('disabled');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Send />, { onRecoverableError: recoverable });
    });
    expect(container.querySelector('button')?.disabled).toBe(false);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
