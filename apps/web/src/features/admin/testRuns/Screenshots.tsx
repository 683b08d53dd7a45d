import { Group, Image, Loader, Modal, Paper, Text, UnstyledButton } from '@mantine/core';
import { testRunDumpFilePath } from '@proctor/contracts';
import { useState } from 'react';
import { useBlobUrl } from '../../../api';
import { TEST_RUN_MESSAGES } from './messages';

const THUMBNAIL_WIDTH = 160;

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A screenshot of a dump, fetched as a blob with the user's token (an <img src> would carry none). */
function DumpImage({ runId, path, width }: { runId: string; path: string; width?: number | string }) {
  const image = useBlobUrl(testRunDumpFilePath(runId, path));
  if (image.isError)
    return (
      <Text size="xs" c="red">
        Failed to load {fileName(path)}
      </Text>
    );
  if (!image.objectUrl) return <Loader size="sm" />;
  return <Image src={image.objectUrl} alt={fileName(path)} w={width} fit="contain" />;
}

/** A test's screenshots as thumbnails; each opens the large image dialog. */
export function Screenshots({ runId, paths }: { runId: string; paths: readonly string[] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (paths.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {TEST_RUN_MESSAGES.noScreenshots}
      </Text>
    );
  return (
    <>
      <Group gap="xs" align="flex-start">
        {paths.map((path) => (
          <UnstyledButton
            key={path}
            onClick={() => setOpen(path)}
            aria-label={`Open screenshot ${fileName(path)}`}
            data-testid="run-screenshot"
          >
            <Paper withBorder radius="sm" p={2} w={THUMBNAIL_WIDTH}>
              <DumpImage runId={runId} path={path} width={THUMBNAIL_WIDTH - 6} />
            </Paper>
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="90%"
        centered
        title={open ? fileName(open) : ''}
      >
        {open && <DumpImage runId={runId} path={open} width="100%" />}
      </Modal>
    </>
  );
}
