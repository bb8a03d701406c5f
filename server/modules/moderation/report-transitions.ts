import { fail } from '../../failures.ts';
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
    throw fail('REPORT_DECIDED_ALREADY', { status: r.status.toLowerCase() });
  }
  if (action === 'claim') {
    if (r.status === 'IN_REVIEW') {
      throw mine ? fail('REPORT_CLAIMED_BY_YOU') : fail('REPORT_CLAIMED_BY_OTHER', { claimer: r.claimer ?? '' });
    }
  } else if (r.status !== 'IN_REVIEW') {
    throw fail(action === 'release' ? 'REPORT_NOT_CLAIMED' : 'REPORT_UNCLAIMED_DECISION');
  } else if (!mine) {
    throw fail('REPORT_CLAIMED_BY_OTHER_ACT', {
      claimer: r.claimer ?? '',
      action: action === 'release' ? 'release' : 'decide',
    });
  }
}
