import { Stack, Title } from '@mantine/core';
import { NotAvailableYet } from './NotAvailableYet';

/** What every area of the route map that is not built yet shows: its name, and that it is not there yet. */
export function AreaNotAvailable({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <NotAvailableYet part="area" what={title} />
    </Stack>
  );
}
