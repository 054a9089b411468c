import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** An email waiting for its one-time code (sign-up or passwordless sign-in), kept for this tab only. */
export interface PendingSignIn {
  email: string;
  purpose: 'signup' | 'login';
}

interface PendingSignInState {
  pending: PendingSignIn | null;
  setPending(pending: PendingSignIn | null): void;
}

export const usePendingSignInStore = create<PendingSignInState>()(
  persist(
    (set) => ({
      pending: null,
      setPending: (pending) => set({ pending }),
    }),
    { name: 'pendingSignIn', storage: createJSONStorage(() => sessionStorage) },
  ),
);
