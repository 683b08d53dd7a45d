import { Center, Stack, Text } from '@mantine/core';
import { SquareLoader } from './SquareLoader';

/** Holds the screen while something the whole page depends on loads (the signed-in user, the sign-in mode). */
export function FullPageLoader({ message }: { message?: string }) {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md">
        <SquareLoader label={message ?? 'Loading'} />
        {message && (
          <Text c="dimmed" size="sm">
            {message}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
