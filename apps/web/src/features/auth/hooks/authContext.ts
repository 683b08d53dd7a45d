import { endpoints, type User } from '@proctor/contracts';
import { createContext } from 'react';
import { endpointQueryKey } from '../../../api';

export type AuthState =
  | { status: 'anonymous'; user: null }
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User };

export const AuthContext = createContext<AuthState | null>(null);

/** The signed-in user's read (GET /api/user/from-session), which sign-in and sign-out drop or replace. */
export const USER_QUERY_KEY = endpointQueryKey(endpoints.fromSession);
