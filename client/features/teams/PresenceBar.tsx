import { useQuery, useSubscription } from '@apollo/client/react';
import { initialsOf } from '../../lib/initials';
import { Avatar } from '@chakra-ui/react/avatar';
import { Badge } from '@chakra-ui/react/badge';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { graphql } from '../../gql';
import type { PresenceObject } from '../../gql/graphql';
import { LayoutMeQuery } from '../layout/layoutApi';

const PresenceSubscription = graphql(`
  subscription Presence($objectType: PresenceObject!, $objectId: ID!, $editing: Boolean) {
    presence(objectType: $objectType, objectId: $objectId, editing: $editing) {
      userId
      name
      editing
    }
  }
`);

/**
 * Who else from the account has this page or form open now — avatar and name, "editing" while
 * their form holds changes — and, by being shown, says that this person has it open too. Nothing
 * shows while they are alone.
 */
export function PresenceBar({
  objectType,
  objectId,
  editing = false,
}: {
  objectType: PresenceObject;
  objectId: string;
  editing?: boolean;
}) {
  const { t } = useLingui();
  const me = useQuery(LayoutMeQuery, { fetchPolicy: 'cache-only' }).data?.me;
  const { data } = useSubscription(PresenceSubscription, { variables: { objectType, objectId, editing } });
  const others = (data?.presence ?? []).filter((p) => p.userId !== me?.id);
  if (!others.length) return null;
  return (
    <HStack gap="3" wrap="wrap" data-testid="presence" aria-live="polite">
      <Text fontSize="sm" color="fg.muted">
        {t`Also here:`}
      </Text>
      {others.map((p) => (
        <HStack key={p.userId} gap="1.5" data-testid={`presence-${p.name}`}>
          <Avatar.Root size="xs" colorPalette="brand">
            <Avatar.Fallback>{initialsOf(p.name)}</Avatar.Fallback>
          </Avatar.Root>
          <Text fontSize="sm">{p.name}</Text>
          {p.editing && (
            <Badge size="xs" colorPalette="orange">
              {t`editing`}
            </Badge>
          )}
        </HStack>
      ))}
    </HStack>
  );
}
