import { Anchor, Box, Button, Container, Divider, Group } from '@mantine/core';
import { DOCS_PATH } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/Brand';
import { ContactFooter } from '../../../components/ContactFooter';
import { paths } from '../../../paths';
import { useAuth } from '../../auth';

function HeaderLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} c="dark.6" size="sm" fw={500} underline="never">
      {children}
    </Anchor>
  );
}

/** Header and footer of the public pages (002 §2.14). */
export function MarketingLayout({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  return (
    <Box mih="100vh" bg="white" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xl" wrap="nowrap">
              <Anchor
                component={Link}
                to={paths.landing}
                underline="never"
                c="inherit"
                aria-label="Proctor home"
              >
                <Brand />
              </Anchor>
              <Group gap="lg" visibleFrom="sm">
                <HeaderLink to={paths.research}>Research</HeaderLink>
                <HeaderLink to={paths.pricing}>Pricing</HeaderLink>
                <Anchor
                  href={DOCS_PATH}
                  target="_blank"
                  rel="noopener noreferrer"
                  c="dark.6"
                  size="sm"
                  fw={500}
                >
                  Docs
                </Anchor>
              </Group>
            </Group>
            {signedIn ? (
              <Group gap="lg" wrap="nowrap">
                <Group gap="lg" visibleFrom="sm">
                  {/* The spec's /integrations link (002 §2.14): the apps page, where integrations are installed. */}
                  <HeaderLink to={paths.apps}>Integrations</HeaderLink>
                  <HeaderLink to={paths.settings}>Settings</HeaderLink>
                  <HeaderLink to={paths.usage}>Usage</HeaderLink>
                </Group>
                <Button component={Link} to={paths.home} size="sm">
                  Dashboard
                </Button>
              </Group>
            ) : (
              <Group gap="sm" wrap="nowrap">
                <Button component={Link} to={paths.login()} variant="subtle" size="sm">
                  Sign in
                </Button>
                <Button component={Link} to={paths.login()} size="sm">
                  Get started
                </Button>
              </Group>
            )}
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <Divider />
      <Container size="lg" w="100%">
        <Box component="footer">
          <ContactFooter />
        </Box>
      </Container>
    </Box>
  );
}
