import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TIMING } from '@proctor/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient, onSessionExpired } from '../api';
import { notify } from '../components/notify';
import { AuthProvider } from '../features/auth';
import { createRouter } from './routes';
import { theme } from './theme';

const queryClient = createQueryClient();
const router = createRouter();
onSessionExpired((message) => notify.error(message));

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications autoClose={TIMING.snackbarMs} position="top-right" />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
