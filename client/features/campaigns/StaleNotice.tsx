import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { type CampaignValues, formatUsd } from './campaign';

/** The campaign as the server has it when a change came on a stale version (REST's shape). */
export interface StaleCampaign {
  version: number;
  name: string;
  dailyCap: number | null;
  countries: string[];
  languages: string[];
  isPremiumOnly: boolean;
  newUsersOnly: boolean;
  minQuality: number | null;
  prices: { tierLevel: number; value: number }[];
}

/** The campaign as it is, when the server refused a change made on an older version. */
export function staleCurrent(error: unknown): StaleCampaign | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const stale = error.errors.find((e) => e.extensions?.code === 'STALE_VERSION');
  return (stale?.extensions?.current as StaleCampaign | undefined) ?? null;
}

/** What the other person changed, field by field, from what this form showed to what is saved. */
export function staleChanges(shown: CampaignValues, current: StaleCampaign): string[] {
  const out: string[] = [];
  const text = (v: unknown) => (v === '' || v == null ? '—' : Array.isArray(v) ? v.join(', ') || '—' : String(v));
  const compare = (label: string, before: unknown, after: unknown) => {
    if (text(before) !== text(after)) out.push(t`${label}: from ${text(before)} to ${text(after)}`);
  };
  compare(t`the name`, shown.name, current.name);
  compare(t`the daily cap`, shown.dailyCap, current.dailyCap ?? '');
  compare(t`the countries`, shown.countries, current.countries);
  compare(t`the languages`, shown.languages, current.languages);
  compare(t`the minimum quality`, shown.minQuality, current.minQuality ?? '');
  compare(t`premium players only`, shown.isPremiumOnly, current.isPremiumOnly);
  compare(t`new users only`, shown.newUsersOnly, current.newUsersOnly);
  // Exact micro-dollar decimals on both sides (formatUsd), no float rounding.
  const prices = current.prices.map((p) => formatUsd(String(p.value)));
  const before = shown.prices.map((p) => formatUsd(p));
  if (prices.join() !== before.join()) compare(t`the prices`, before.join(' / '), prices.join(' / '));
  return out;
}

/**
 * Someone else saved the campaign after this form opened: who, what they changed, and the choice —
 * apply what was typed here on top of theirs, or take theirs (the form then shows the campaign as
 * it is). Nothing typed is lost until the person chooses.
 */
export function StaleNotice({
  message,
  changes,
  onMine,
  onTheirs,
}: {
  message: string;
  changes: string[];
  onMine: () => Promise<void>;
  onTheirs: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  // The form's Save is at its foot, the notice at its head: brought into view when it comes.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }), []);
  const run = (act: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await act();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert.Root ref={ref} status="warning" mb="4" data-testid="stale-notice">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{message}</Alert.Title>
        {changes.length > 0 && (
          <Stack gap="0.5" as="ul" ps="4">
            {changes.map((c) => (
              <Text as="li" key={c} fontSize="sm">
                {c}
              </Text>
            ))}
          </Stack>
        )}
        <HStack gap="2">
          <Button size="sm" colorPalette="brand" loading={busy} onClick={run(onMine)} data-testid="apply-mine">
            <Trans>Apply mine on top</Trans>
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={run(onTheirs)} data-testid="take-theirs">
            <Trans>Take theirs</Trans>
          </Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}
