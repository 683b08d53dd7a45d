import { Box, Center, Loader, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { PageStateView } from '@proctor/contracts';
import { useState } from 'react';
import { SCREENSHOT_FAILED, useScreenshot } from '../hooks/useScreenshot';
import { type Size, scaleBoxes } from '../screenshotBoxes';

/**
 * A step's screenshot (the page after the action, else before it), fetched with the user's token, with a
 * red box around the acted-on element (`metadata.bboxes` of the same page state) scaled to the picture.
 */
export function StepScreenshot({ state }: { state: PageStateView | null }) {
  const path = state?.screenshot_url ?? null;
  const screenshot = useScreenshot(path);
  const { ref, width, height } = useElementSize<HTMLImageElement>();
  const [natural, setNatural] = useState<Size | null>(null);

  if (!path) {
    return (
      <Paper withBorder radius="md" p="lg" bg="gray.0">
        <Text size="sm" c="dimmed" ta="center">
          No screenshot was taken for this step
        </Text>
      </Paper>
    );
  }
  if (screenshot.isError) {
    return (
      <Paper withBorder radius="md" p="lg" bg="gray.0">
        <Text size="sm" c="red" ta="center" role="alert">
          {SCREENSHOT_FAILED}
        </Text>
      </Paper>
    );
  }
  if (!screenshot.objectUrl) {
    return (
      <Paper withBorder radius="md" bg="gray.0">
        <Center h={240}>
          <Loader size="sm" aria-label="Loading screenshot" />
        </Center>
      </Paper>
    );
  }

  const size = state?.screenshot_size ?? natural;
  const boxes = size ? scaleBoxes(state?.metadata.bboxes ?? [], size, { width, height }) : [];
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Box pos="relative" style={{ lineHeight: 0 }}>
        <img
          ref={ref}
          src={screenshot.objectUrl}
          alt="Screenshot of the step"
          style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
          onLoad={(event) =>
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
        {boxes.map((box) => (
          <Box
            key={`${box.x}-${box.y}-${box.width}-${box.height}`}
            data-testid="action-bbox"
            pos="absolute"
            left={box.x}
            top={box.y}
            w={box.width}
            h={box.height}
            style={{ border: '2px solid var(--mantine-color-red-6)', borderRadius: 2, pointerEvents: 'none' }}
          />
        ))}
      </Box>
    </Paper>
  );
}
