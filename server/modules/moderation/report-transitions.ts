import { conflict } from '../../errors.ts';
import type { ReportStatus } from '../campaigns/campaign.entity.ts';
import type { ReportAction } from './report-views.ts';

/** A report's row as a decision reads it, under its lock. */
export interface LockedReport {
  status: ReportStatus;
  claimed_by_id: number | null;
  claimer?: string;
  campaign_id: number | null;
  player_id: string | null;
  platform_id: number;
}

/** Whether `action` may happen to the report now, by this moderator; throws the conflict that says why not. */
export function checkTransition(r: LockedReport, action: ReportAction, moderatorId: number) {
  const mine = r.claimed_by_id === moderatorId;
  if (r.status === 'RESOLVED' || r.status === 'REJECTED') {
    throw conflict(`This report was already ${r.status.toLowerCase()}`);
  }
  if (action === 'claim') {
    if (r.status === 'IN_REVIEW') {
      throw conflict(mine ? 'You already claimed this report' : `This report is already claimed by ${r.claimer}`);
    }
  } else if (r.status !== 'IN_REVIEW') {
    throw conflict(
      action === 'release' ? 'This report is not claimed' : 'Claim this report before resolving or rejecting it',
    );
  } else if (!mine) {
    throw conflict(
      `This report is claimed by ${r.claimer}: only they can ${action === 'release' ? 'release' : 'decide'} it`,
    );
  }
}
