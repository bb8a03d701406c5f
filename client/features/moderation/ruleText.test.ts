import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../lib/i18n';
import { reportText } from './ruleText';

afterEach(() => activateLanguage('en'));

const fast = {
  rule: 'FAST_COMPLETION',
  text: 'English text the server wrote',
  evidence: JSON.stringify({ hits: 3, players: [{ playerId: 1, seconds: 0.4, limitSeconds: 3 }] }),
};
const leave = {
  rule: 'APP_LEAVE_RATE',
  text: 'English text the server wrote',
  evidence: JSON.stringify({ voided: 6, resolved: 10, rate: 0.6, limitRate: 0.5 }),
};
const floor = {
  rule: 'QUALITY_FLOOR',
  text: 'English text the server wrote',
  evidence: JSON.stringify({ score: 45, floor: 60, penalties: [{ component: 'RETENTION', points: 35 }] }),
};

describe("a fraud rule's report", () => {
  it('is said from its rule and evidence, in English as the server says it', () => {
    expect(reportText(fast)).toBe(
      '3 players of this app completed a task faster than a human can today (under 3 s after starting it). Each player, their conversion and time are in the evidence.',
    );
    expect(reportText(leave)).toBe(
      "60% of the app's channel and chat players left before the hold ended (6 of 10 in 7 days; limit 50%).",
    );
    expect(reportText(floor)).toContain(
      "The app's traffic quality score is 45, under the network's floor of 60 (Retention −35).",
    );
  });

  it("in the reader's language; a player's own words and an unknown rule as written", async () => {
    await activateLanguage('ru');
    expect(reportText(fast)).toContain('3 игрока');
    expect(reportText(leave)).toContain('60');
    expect(reportText(leave)).not.toContain('players left');
    expect(reportText(floor)).toContain('45');
    expect(reportText({ rule: null, text: 'The button does nothing', evidence: null })).toBe('The button does nothing');
    expect(reportText({ rule: 'NEW_RULE', text: 'As written', evidence: '{}' })).toBe('As written');
  });
});
