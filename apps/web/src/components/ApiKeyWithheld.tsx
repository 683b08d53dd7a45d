import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/**
 * Shown where the organization's API key would be when the server withholds it: the key carries
 * permissions this member does not hold, so only an account admin can hand it out.
 */
export function ApiKeyWithheld({ organizationName }: { organizationName: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="api-key-withheld">
      Your organization's API key carries permissions you don't have; ask an account admin of{' '}
      {organizationName} for access.
    </Alert>
  );
}
