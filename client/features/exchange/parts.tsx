import { t } from '@lingui/core/macro';
import { Avatar } from '@chakra-ui/react/avatar';
import { Badge } from '@chakra-ui/react/badge';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

const TASK_TYPE_LABELS: Record<string, string> = {
  get BOT() {
    return t`Bot`;
  },
  get CHANNEL() {
    return t`Channel`;
  },
  get CHAT() {
    return t`Chat`;
  },
  get SMART_LINK() {
    return t`Smart link`;
  },
  get CUSTOM() {
    return t`Custom`;
  },
};
export const taskTypeLabel = (t: string) => TASK_TYPE_LABELS[t] ?? t;

/** An app's logo and title, with a line under it. */
export function AppLine({ app, caption }: { app: { title: string; logo: string }; caption?: string }) {
  return (
    <HStack gap="3" minW="0">
      <Avatar.Root size="md" shape="rounded">
        {app.logo && <Avatar.Image src={app.logo} alt="" />}
        <Avatar.Fallback name={app.title} />
      </Avatar.Root>
      <Stack gap="0" minW="0">
        <Text fontWeight="semibold" truncate title={app.title}>
          {app.title}
        </Text>
        {caption && (
          <Text fontSize="sm" color="fg.muted" truncate title={typeof caption === 'string' ? caption : undefined}>
            {caption}
          </Text>
        )}
      </Stack>
    </HStack>
  );
}

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'orange',
  CONFIRMED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'gray',
  EXPIRED: 'gray',
  ACTIVE: 'green',
  PAUSED: 'orange',
  COMPLETED: 'blue',
  ENDED: 'gray',
};

/** An offer's or a swap's status in the reader's language. */
const STATUS_LABELS: Record<string, string> = {
  get PENDING() {
    return t({ message: 'Pending', context: 'exchange status' });
  },
  get CONFIRMED() {
    return t({ message: 'Confirmed', context: 'exchange status' });
  },
  get REJECTED() {
    return t({ message: 'Rejected', context: 'exchange status' });
  },
  get WITHDRAWN() {
    return t({ message: 'Withdrawn', context: 'exchange status' });
  },
  get EXPIRED() {
    return t({ message: 'Expired', context: 'exchange status' });
  },
  get ACTIVE() {
    return t({ message: 'Active', context: 'exchange status' });
  },
  get PAUSED() {
    return t({ message: 'Paused', context: 'exchange status' });
  },
  get COMPLETED() {
    return t({ message: 'Completed', context: 'exchange status' });
  },
  get ENDED() {
    return t({ message: 'Ended', context: 'exchange status' });
  },
};

export function ExchangeStatusBadge({ status }: { status: string }) {
  const label = STATUS_LABELS[status] ?? status.charAt(0) + status.slice(1).toLowerCase();
  return (
    <Badge colorPalette={STATUS_COLORS[status] ?? 'gray'} variant="subtle" data-testid="exchange-status">
      {label}
    </Badge>
  );
}
