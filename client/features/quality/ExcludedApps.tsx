import { t } from '@lingui/core/macro';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import type { useAppExclusions } from './useAppExclusions';
import { Trans } from '@lingui/react/macro';

/**
 * The apps the advertiser keeps the chosen campaign (or all of their campaigns) away from, each
 * with "Include again". Apps join the list from the report's rows.
 */
export function ExcludedApps({ exclusions }: { exclusions: ReturnType<typeof useAppExclusions> }) {
  const where = exclusions.scope === 'campaign' ? t`this campaign` : t`all your campaigns`;
  return (
    <Box
      as="section"
      aria-labelledby="excluded-apps-heading"
      borderWidth="1px"
      borderRadius="xl"
      p="4"
      data-testid="excluded-apps"
    >
      <Stack gap="2">
        <Heading as="h2" size="sm" id="excluded-apps-heading">
          <Trans>Apps excluded from {where}</Trans>
        </Heading>
        {exclusions.loading ? (
          <Text textStyle="sm" color="fg.muted">
            <Trans>Loading…</Trans>
          </Text>
        ) : exclusions.apps.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            <Trans>
              None. Exclude an app from its row above: it stops showing {where} within a second (players who already
              started a task are still paid for it).
            </Trans>
          </Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {exclusions.apps.map((a) => (
              <HStack as="li" key={a.platformId} justify="space-between" gap="3" data-testid="excluded-app">
                <Text textStyle="sm">{a.title}</Text>
                <Button
                  size="xs"
                  variant="outline"
                  loading={exclusions.pending.has(a.platformId)}
                  aria-label={t`Include ${a.title} again`}
                  onClick={() => void exclusions.toggle(a.platformId, a.title, false)}
                >
                  <Trans>Include again</Trans>
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
