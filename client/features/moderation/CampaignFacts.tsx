import { t } from '@lingui/core/macro';
import { Box } from '@chakra-ui/react/box';
import { Image } from '@chakra-ui/react/image';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ExternalLink } from 'lucide-react';
import { countryName, formatCount, formatList, languageName } from '../../lib/locale';
import { formatMoney } from '../../lib/money';
import { typeLabels } from '../projects/constants';
import { formatShortDate } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';
import type { ReviewRow } from './CampaignsTab';

/** The task as players will see it in the showcase: its logo, title and kind beside a Start button. */
export function PlayerPreview({ c }: { c: ReviewRow }) {
  return (
    <Stack gap="1.5">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted">
        <Trans>As players will see it</Trans>
      </Text>
      <HStack gap="3" p="3" borderWidth="1px" borderRadius="l2" data-testid="player-preview">
        {c.task.logo ? (
          <Image src={c.task.logo} alt="" boxSize="10" borderRadius="md" objectFit="cover" data-testid="preview-logo" />
        ) : (
          <Box boxSize="10" borderRadius="md" bg="bg.muted" />
        )}
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="medium" truncate>
            {c.task.title}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {typeLabels[c.task.type]}
          </Text>
        </Stack>
        <Box
          as="span"
          px="3"
          py="1"
          borderRadius="full"
          bg="colorPalette.solid"
          color="colorPalette.contrast"
          colorPalette="brand"
          fontSize="sm"
          aria-hidden
        >
          <Trans>Start</Trans>
        </Box>
      </HStack>
      <ChakraLink href={c.task.url} target="_blank" rel="noreferrer" fontSize="sm" data-testid="preview-link">
        <Trans>
          Open {c.task.url} <ExternalLink size={12} />
        </Trans>
      </ChakraLink>
    </Stack>
  );
}

/** Who the campaign is shown to, in words. */
export function targetingLines(g: ReviewRow['targeting']): [string, string][] {
  const players = [g.premiumOnly && t`Telegram Premium only`, g.newUsersOnly && t`new to this advertiser only`].filter(
    Boolean,
  );
  return [
    [t`Countries`, g.countries.length ? formatList(g.countries.map((c) => countryName(c))) : t`All`],
    [t`Languages`, g.languages.length ? formatList(g.languages.map((l) => languageName(l))) : t`All`],
    [t`Players`, players.length ? players.join('; ') : t`Everyone`],
    [t`Daily cap`, g.dailyCap === null ? t`None` : t`${formatCount(g.dailyCap)} a day`],
    [t`Apps`, g.minQuality === null ? t`Any app` : qualityFloor(g.minQuality, g.unscoredAllowed)],
  ];
}

/**
 * The campaign under review, before Approve: what players will see (with the resource's link),
 * what it pays per tier, to whom it is shown, and whose it is.
 */
export function CampaignFacts({ c }: { c: ReviewRow }) {
  const facts: [string, string][] = [
    [
      t`Pays`,
      [...c.prices]
        .sort((a, b) => a.tierLevel - b.tierLevel)
        .map((p) => `Tier ${p.tierLevel}: ${formatMoney(p.value)}`)
        .join(' · '),
    ],
    [t`Budget`, formatMoney(c.budget)],
    ...targetingLines(c.targeting),
    [t`Advertiser`, `${c.advertiser.name} · ${c.advertiser.email}`],
    ['Project', c.project.title],
    [t`Created`, formatShortDate(c.createdAt)],
  ];
  return (
    <Stack gap="4">
      <PlayerPreview c={c} />
      <Stack as="dl" gap="2" fontSize="sm" data-testid="campaign-facts">
        {facts.map(([k, v]) => (
          <HStack key={k} align="flex-start" gap="3">
            <Text as="dt" color="fg.muted" minW="20">
              {k}
            </Text>
            <Text as="dd">{v}</Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

/** A campaign's least app quality, and whether apps without a score yet are in. */
export function qualityFloor(min: number, unscoredAllowed: boolean): string {
  return unscoredAllowed ? t`Quality ${min} or more, and apps without a score yet` : t`Quality ${min} or more`;
}
