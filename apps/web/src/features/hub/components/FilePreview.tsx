import { Button, Code, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { HUB, type HubFileContent } from '@proctor/contracts';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useState } from 'react';
import { errorDetail, fetchBlob, saveBlob } from '../../../api';
import { notify } from '../../../components/notify';
import { QueryView, type ViewedQuery } from '../../../components/QueryView';
import { HUB_PAGE_MESSAGES } from '../messages';
import { previewsAsText, sizeInKb } from '../repositoryBrowsing';

/** A file's bytes through the API (the download path needs the same sign-in as every call). */
function DownloadButton({ file }: { file: HubFileContent }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        fetchBlob(file.download_path)
          .then((blob) => saveBlob(blob, file.name))
          .catch((error: unknown) => notify.error(errorDetail(error), HUB_PAGE_MESSAGES.loadFile))
          .finally(() => setBusy(false));
      }}
    >
      Download
    </Button>
  );
}

/** The preview panel: a text file up to 1 MB as text, anything else as a download. */
export function FilePreview({ query }: { query: ViewedQuery<HubFileContent> }) {
  return (
    <QueryView query={query} errorTitle={HUB_PAGE_MESSAGES.loadFile} loading={{ label: 'Loading file' }}>
      {(file) => (
        <Paper withBorder radius="md" data-testid="file-preview" data-path={file.path}>
          <Group
            justify="space-between"
            px="md"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group gap="xs">
              <IconFile size={16} />
              <Text size="sm" fw={600} ff="monospace">
                {file.path}
              </Text>
              <Text size="xs" c="dimmed">
                {sizeInKb(file.size)}
              </Text>
            </Group>
            <DownloadButton file={file} />
          </Group>
          {previewsAsText(file) ? (
            <ScrollArea.Autosize mah={560}>
              <Code block style={{ borderRadius: 0, whiteSpace: 'pre' }}>
                {file.content}
              </Code>
            </ScrollArea.Autosize>
          ) : (
            <Stack align="center" gap={4} p="xl">
              <Text size="sm">
                {file.too_large || file.size > HUB.previewMaxBytes
                  ? `This file is larger than ${sizeInKb(HUB.previewMaxBytes)}: download it to read it.`
                  : 'This file is not text: download it to open it.'}
              </Text>
            </Stack>
          )}
        </Paper>
      )}
    </QueryView>
  );
}
