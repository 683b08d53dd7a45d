import { Button, Code, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconFlask, IconKey, IconTerminal2 } from '@tabler/icons-react';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { useGitCredentials } from '../hooks/useHub';
import { copyWithToast } from '../hubToast';
import { HUB_PAGE_MESSAGES } from '../messages';
import { cloneCommand, sandboxCommands, shownCredentials } from '../repositoryBrowsing';

/** Which of the header's popovers is open: one at a time (002 §2.5). */
export type HubPopover = 'credentials' | 'clone' | 'sandbox' | null;

interface PopoverControl {
  open: HubPopover;
  onOpen: (popover: HubPopover) => void;
}

/** A read-only field with its copy button. */
function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      ff="monospace"
      rightSection={<CopyIconButton value={value} label={label.toLowerCase()} size="sm" />}
    />
  );
}

/** The Gitea popover: the git user name and password that clone and push over HTTP. */
export function GitCredentialsPopover({ open, onOpen }: PopoverControl) {
  const opened = open === 'credentials';
  const credentials = useGitCredentials(opened);
  const shown = shownCredentials(credentials);
  return (
    <Popover opened={opened} onDismiss={() => onOpen(null)} position="bottom-end" width={360} shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconKey size={16} />}
          onClick={() => onOpen(opened ? null : 'credentials')}
        >
          Git credentials
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="git-credentials">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Git asks for these when you clone or push over HTTP.
          </Text>
          {shown ? (
            <>
              <CopyField label="Username" value={shown.username} />
              <CopyField label="Password" value={shown.password} />
            </>
          ) : (
            <Text size="sm">Loading…</Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A command (or several, one a line) with the button that copies it and says so in the hub's toast. */
function CommandBlock({ command }: { command: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1 }}>
        {command}
      </Code>
      <Button
        size="xs"
        variant="light"
        onClick={() =>
          void copyWithToast(command, HUB_PAGE_MESSAGES.commandCopied, HUB_PAGE_MESSAGES.copyFailed)
        }
      >
        Copy
      </Button>
    </Group>
  );
}

/** The Clone popover: the CLI command that clones the simulator's repository with those credentials. */
export function ClonePopover({ open, onOpen, simulatorName }: PopoverControl & { simulatorName: string }) {
  const opened = open === 'clone';
  return (
    <Popover opened={opened} onDismiss={() => onOpen(null)} position="bottom-end" width={420} shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconTerminal2 size={16} />}
          onClick={() => onOpen(opened ? null : 'clone')}
        >
          Clone
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="clone-command">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Clone with the Proctor CLI (from the SDK), which signs in with PROCTOR_URL and PROCTOR_API_KEY:
          </Text>
          <CommandBlock command={cloneCommand(simulatorName)} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The Sandbox popover: the commands that run the simulator's clone on your own machine, served with the kit and
 * its mutations printed as they happen, and its test cases proven in Chromium as a push's build proves them.
 */
export function SandboxPopover({
  open,
  onOpen,
  simulatorName,
  repositoryName,
}: PopoverControl & { simulatorName: string; repositoryName: string }) {
  const opened = open === 'sandbox';
  return (
    <Popover opened={opened} onDismiss={() => onOpen(null)} position="bottom-end" width={460} shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFlask size={16} />}
          onClick={() => onOpen(opened ? null : 'sandbox')}
        >
          Sandbox
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="sandbox-commands">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Run your clone on your machine with the Proctor CLI from a Proctor checkout (it has the simulator
            kit). The sandbox serves the working tree at {simulatorName}.sandbox.localhost, prints each
            mutation as it happens and restarts when src/ changes; --prove runs every test case's reference
            solution and wrong variant in Chromium and prints passed or failed for each, as a push's build
            does.
          </Text>
          <CommandBlock command={sandboxCommands(simulatorName, repositoryName).join('\n')} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
