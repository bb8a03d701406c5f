import { Badge, type BadgeProps } from '@chakra-ui/react/badge';
import type { CampaignStatus } from '../../gql/graphql';
import { campaignStatus } from './campaign';

/** Active (green), Stopped (grey), Moderation (orange), Rejected (red). */
export function CampaignStatusBadge({ status, ...rest }: { status: CampaignStatus } & BadgeProps) {
  const look = campaignStatus[status];
  return (
    <Badge
      colorPalette={look.colorPalette}
      variant="subtle"
      data-testid="campaign-status"
      data-status={status}
      data-palette={look.colorPalette}
      {...rest}
    >
      {look.label}
    </Badge>
  );
}
