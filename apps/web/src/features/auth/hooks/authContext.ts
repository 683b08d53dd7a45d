import type { User } from '@proctor/contracts';
import { createContext } from 'react';

export type AuthState =
  | { status: 'anonymous'; user: null }
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User };

export const AuthContext = createContext<AuthState | null>(null);

export const USER_QUERY_KEY = ['user'] as const;
