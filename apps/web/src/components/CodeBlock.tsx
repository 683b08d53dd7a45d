import { Box, Paper, Text } from '@mantine/core';
import { CopyIconButton } from './CopyIconButton';

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
      <CopyIconButton
        value={code}
        label={label}
        idleColor="gray.4"
        tooltipPosition="left"
        pos="absolute"
        top={8}
        right={8}
      />
    </Paper>
  );
}
