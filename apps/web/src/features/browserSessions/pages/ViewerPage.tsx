import { Alert, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { type BrowserSessionType, endpoints } from '@proctor/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call, errorDetail } from '../../../api';
import { BrowserSessionView } from '../components/BrowserSessionView';

/** A query flag: present (`?hideNav`, `?hideNav=true`) and not `false`. */
const flag = (params: URLSearchParams, name: string) => params.has(name) && params.get(name) !== 'false';

/**
 * /viewer?browserSessionId=…&hideNav&isBuilder=true (002 §2.8): a browser session's live view, scaled to fit the
 * page from 1600x900. With hideNav it fills the window alone (the dashboard's frame is left out by the route), to
 * be embedded in an iframe by the builder. Without a browserSessionId it opens one (a builder's with isBuilder,
 * else the AI browser's) and puts its id in the address; when none can be had it shows the server's reason
 * ('No browsers available. Please try again in a couple minutes.').
 */
export function ViewerPage() {
  const [params, setParams] = useSearchParams();
  const publicId = params.get('browserSessionId');
  const hideNav = flag(params, 'hideNav');
  const type: BrowserSessionType = flag(params, 'isBuilder') ? 'builder' : 'ai';
  const [failure, setFailure] = useState<string | null>(null);
  const opening = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's second mount.
    if (publicId || opening.current) return;
    opening.current = true;
    call(endpoints.createBrowserSession, { body: { type } }).then(
      (created) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('browserSessionId', created.publicId);
            return next;
          },
          { replace: true },
        ),
      (error: unknown) => setFailure(errorDetail(error)),
    );
  }, [publicId, type, setParams]);

  let content: ReactNode;
  if (failure)
    content = (
      <Center h="100%">
        <Alert color="red" variant="light" title={failure} data-testid="viewer-failure" />
      </Center>
    );
  else if (!publicId)
    content = (
      <Center h="100%">
        <Stack align="center" gap="xs" role="status">
          <Loader />
          <Text size="sm" c="dimmed">
            Starting the browser…
          </Text>
        </Stack>
      </Center>
    );
  else content = <BrowserSessionView publicId={publicId} bare={hideNav} />;

  return (
    <Box h={hideNav ? '100vh' : 'calc(100vh - 4rem)'} w="100%" data-testid="viewer-page">
      {content}
    </Box>
  );
}
