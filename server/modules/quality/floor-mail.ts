import type { Language } from '../../../shared/languages.ts';
import { say } from '../../lib/i18n.ts';
import type { QualityComponent } from './score.ts';

/**
 * The mail an app's owner gets when the quality floor pauses its paid campaigns: in
 * the owner's language, each component by the name the App page gives it.
 */

const WORDS = {
  subject: /*i18n*/ { id: 'Paid campaigns paused in {title}' },
  hello: /*i18n*/ { id: 'Hello {name},' },
  paused: /*i18n*/ {
    id: "Paid campaigns are paused in {title}: its traffic quality score over the last 30 days is {score}, under the network's floor of {floor}. Swaps you agreed to go on.",
  },
  lowers: /*i18n*/ { id: 'What lowers it:' },
  points: /*i18n*/ { id: 'points' },
  page: /*i18n*/ { id: 'The App page shows each component: {link}' },
  ends: /*i18n*/ { id: 'The pause ends by itself once the score is back at the floor; a moderator reviews it too.' },
  components: {
    RETENTION: /*i18n*/ { id: 'retention' },
    VOIDS: /*i18n*/ { id: 'voids' },
    REPORTS: /*i18n*/ { id: 'reports' },
    FRAUD_RULES: /*i18n*/ { id: 'fraud rules' },
    FAST: /*i18n*/ { id: 'fast' },
  },
};

/** The pause's mail in `language`. */
export function floorMail(
  language: Language,
  p: {
    name: string;
    title: string;
    score: number | null;
    floor: number;
    link: string;
    penalties: { component: QualityComponent; points: number }[];
  },
): { subject: string; text: string } {
  const points = say(language, WORDS.points);
  const lines = [
    say(language, WORDS.hello, { name: p.name }),
    '',
    say(language, WORDS.paused, { title: p.title, score: String(p.score), floor: p.floor }),
    '',
    say(language, WORDS.lowers),
    ...p.penalties.map((x) => `- ${say(language, WORDS.components[x.component])}: −${x.points} ${points}`),
    '',
    say(language, WORDS.page, { link: p.link }),
    say(language, WORDS.ends),
  ];
  return { subject: say(language, WORDS.subject, { title: p.title }), text: lines.join('\n') };
}
