import { plural, t } from '@lingui/core/macro';
import { formatCount, formatDecimal, formatPercent } from '../../lib/locale';
import { componentText } from '../quality/quality';

type Evidence = {
  hits?: number;
  players?: { limitSeconds?: number; limitPerHour?: number }[];
  voided?: number;
  resolved?: number;
  rate?: number;
  limitRate?: number;
  score?: number;
  floor?: number;
  penalties?: { component: string; points: number }[];
};

/**
 * A fraud rule's report, said in the reader's language from its rule and evidence (the server
 * writes its `text` in English, for the record); a player's own report, or a rule this does not
 * know, keeps its text as written.
 */
export function reportText(report: { rule?: string | null; text?: string | null; evidence?: string | null }): string {
  const said = report.rule && report.evidence ? ruleText(report.rule, parse(report.evidence)) : null;
  return said ?? report.text ?? '';
}

function parse(evidence: string): Evidence | null {
  try {
    return JSON.parse(evidence) as Evidence;
  } catch {
    return null;
  }
}

function ruleText(rule: string, e: Evidence | null): string | null {
  if (!e) return null;
  const first = e.players?.[0];
  if (rule === 'FAST_COMPLETION' && typeof e.hits === 'number' && first?.limitSeconds != null) {
    const seconds = formatDecimal(first.limitSeconds);
    return plural(e.hits, {
      one: `# player of this app completed a task faster than a human can today (under ${seconds} s after starting it). Each player, their conversion and time are in the evidence.`,
      other: `# players of this app completed a task faster than a human can today (under ${seconds} s after starting it). Each player, their conversion and time are in the evidence.`,
    });
  }
  if (rule === 'HOURLY_COMPLETIONS' && typeof e.hits === 'number' && first?.limitPerHour != null) {
    const limit = formatCount(first.limitPerHour);
    return plural(e.hits, {
      one: `# player of this app made more than ${limit} completions in an hour today, across apps. Each player and their count are in the evidence.`,
      other: `# players of this app made more than ${limit} completions in an hour today, across apps. Each player and their count are in the evidence.`,
    });
  }
  if (rule === 'APP_LEAVE_RATE' && e.rate != null && e.voided != null && e.resolved != null && e.limitRate != null) {
    const share = formatPercent(e.rate);
    const left = formatCount(e.voided);
    const total = formatCount(e.resolved);
    const limit = formatPercent(e.limitRate);
    return t`${share} of the app's channel and chat players left before the hold ended (${left} of ${total} in 7 days; limit ${limit}).`;
  }
  if (rule === 'QUALITY_FLOOR' && e.score != null && e.floor != null) {
    const score = formatCount(e.score);
    const floor = formatCount(e.floor);
    const worst = (e.penalties ?? [])
      .map((p) => `${componentText[p.component]?.label ?? p.component} −${formatCount(p.points)}`)
      .join(', ');
    return t`The app's traffic quality score is ${score}, under the network's floor of ${floor} (${worst}). Paid campaigns are paused in it; swaps go on. Reject this report to lift the pause (with a note); resolve it to keep the pause until the score recovers.`;
  }
  return null;
}
