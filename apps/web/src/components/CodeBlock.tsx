import { ActionIcon, Box, CopyButton, Paper, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A block of code or a shell command, with a Copy button. */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <Paper radius="md" bg="dark.8" pos="relative" style={{ overflow: 'hidden' }}>
      {label && (
        <Text size="xs" c="gray.5" px="md" pt="sm" fw={500}>
          {label}
        </Text>
      )}
      <Box
        component="pre"
        m={0}
        px="md"
        py="sm"
        pr={48}
        c="gray.0"
        ff="monospace"
        fz="sm"
        style={{ overflowX: 'auto', lineHeight: 1.6 }}
      >
        <code>{code}</code>
      </Box>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray.4'}
              onClick={copy}
              pos="absolute"
              top={8}
              right={8}
              aria-label={label ? `Copy ${label}` : 'Copy'}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Paper>
  );
}
