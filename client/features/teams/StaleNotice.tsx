import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

/** The thing as the server has it (its REST JSON) when a change came on a stale version; null for any other failure. */
export function staleCurrent<T>(error: unknown): T | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const stale = error.errors.find((e) => e.extensions?.code === 'STALE_VERSION');
  return (stale?.extensions?.current as T | undefined) ?? null;
}

/** Shown as a change's "from" or "to": a dash for nothing, lists joined. */
const shownAs = (v: unknown) =>
  v === '' || v == null
    ? '—'
    : typeof v === 'boolean'
      ? v
        ? t`yes`
        : t`no`
      : Array.isArray(v)
        ? v.join(', ') || '—'
        : String(v);

/**
 * What the other person changed, field by field: "the name: from A to B" for each labelled field
 * whose value differs between what this form showed and what is saved now.
 */
export function changedFields(
  shown: Record<string, unknown>,
  current: Record<string, unknown>,
  labels: Record<string, string>,
): string[] {
  return Object.entries(labels).flatMap(([key, label]) => {
    const [before, after] = [shownAs(shown[key]), shownAs(current[key])];
    return before === after ? [] : [t`${label}: from ${before} to ${after}`];
  });
}

/** The fields of `mine` whose value differs from what the form showed: what "apply mine on top" sends. */
export function myChanges<T extends Record<string, unknown>>(mine: T, shown: Record<string, unknown>): Partial<T> {
  return Object.fromEntries(
    Object.entries(mine).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(shown[k])),
  ) as Partial<T>;
}

/**
 * Someone else saved the thing after this form opened: who, what they changed, and the choice —
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
