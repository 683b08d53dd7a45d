import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { datasetFavicons, LAYOUT, type TestCaseSet } from '@proctor/contracts';
import { SiteIcon } from '../../../components/SiteIcon';

/** The Sites column (001 §2.3): up to LAYOUT.maxFavicons distinct start-URL sites, then +N. */
export function SiteFavicons({ testCases }: { testCases: TestCaseSet['testCases'] }) {
  const { favicons, overflow } = datasetFavicons(testCases, LAYOUT.maxFavicons);
  if (favicons.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" data-testid="dataset-sites">
      {favicons.map((favicon) => (
        <SiteIcon
          key={favicon.key}
          name={favicon.name}
          imgUrl={favicon.imgUrl}
          domain={favicon.domain}
          size={22}
          withTooltip
        />
      ))}
      {overflow > 0 && (
        <Tooltip label={`${overflow} more sites`} withArrow>
          <Badge variant="default" size="sm" radius="sm">
            +{overflow}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
