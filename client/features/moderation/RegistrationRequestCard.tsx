import { t } from '@lingui/core/macro';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Check, X } from 'lucide-react';
import { CopyButton } from '../../components/ui/CopyButton';
import { type FragmentType, graphql, useFragment } from '../../gql';
import { formatShortDate } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';

export const RegistrationRequestCardFragment = graphql(`
  fragment RegistrationRequestCard_request on RegistrationRequest {
    id
    createdAt
    name
    email
    telegram
    company
    comment
    role
    source
    status
    decidedAt
    declineReason
  }
`);

const statusColor = { PENDING: 'orange', APPROVED: 'green', DECLINED: 'red' } as const;
const statusLabel = {
  get PENDING() {
    return t`Pending`;
  },
  get APPROVED() {
    return t`Approved`;
  },
  get DECLINED() {
    return t`Declined`;
  },
} as const;

export function RegistrationRequestCard({
  request: ref,
  busy,
  onApprove,
  onDecline,
}: {
  request: FragmentType<typeof RegistrationRequestCardFragment>;
  busy: boolean;
  onApprove: (id: string) => void;
  onDecline: (id: string, name: string) => void;
}) {
  const request = useFragment(RegistrationRequestCardFragment, ref);
  return (
    <Card.Root size="sm" data-testid="registration-request" data-email={request.email}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap="0">
              <Text fontWeight="semibold">{request.name}</Text>
              <HStack gap="1">
                <Text fontSize="sm" color="fg.muted">
                  {request.email}
                </Text>
                <CopyButton value={request.email} label={t`Copy e-mail`} />
              </HStack>
            </Stack>
            <HStack gap="2">
              <Badge colorPalette="purple">{request.role === 'ADVERTISER' ? t`Advertiser` : t`Publisher`}</Badge>
              <Badge variant="outline">{request.source === 'GOOGLE' ? 'Google' : t`Form`}</Badge>
              <Badge colorPalette={statusColor[request.status]}>{statusLabel[request.status]}</Badge>
            </HStack>
          </HStack>
          <Stack gap="1" fontSize="sm">
            {request.telegram && (
              <Text>
                <Trans>Telegram: {request.telegram}</Trans>
              </Text>
            )}
            {request.company && (
              <Text>
                <Trans>Company: {request.company}</Trans>
              </Text>
            )}
            {request.comment && (
              <Text color="fg.muted" whiteSpace="pre-wrap">
                “{request.comment}”
              </Text>
            )}
            {request.declineReason && (
              <Text color="fg.error">
                <Trans>Reason: {request.declineReason}</Trans>
              </Text>
            )}
            <Text color="fg.subtle" fontSize="xs">
              {request.decidedAt
                ? t`Filed ${formatShortDate(request.createdAt)} · decided ${formatShortDate(request.decidedAt)}`
                : t`Filed ${formatShortDate(request.createdAt)}`}
            </Text>
          </Stack>
          {request.status === 'PENDING' && (
            <HStack gap="2">
              <Button size="sm" colorPalette="green" loading={busy} onClick={() => onApprove(request.id)}>
                <Check /> <Trans>Approve</Trans>
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                disabled={busy}
                onClick={() => onDecline(request.id, request.name)}
              >
                <X /> <Trans>Decline</Trans>
              </Button>
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
