import { channel } from 'node:diagnostics_channel';
import { AbilityBuilder, createMongoAbility, type MongoAbility, subject as asSubject } from '@casl/ability';
import { fail } from '../failures.ts';
import { hasFreshProof, isOperator, stepUpRequired, withProofWindow } from './step-up.ts';

/**
 * Who may do what: the one place that answers "may this person do this to this thing". Every
 * service method that changes something asks `authorize(actor, act)` before it acts, so REST,
 * GraphQL, sockets, the bot, jobs and scripts get the same answer; the transports' own gates
 * (a route's `access`, a field's `authScopes`) ask `holdsRole` here too.
 *
 * An act is `subject.action`. Its rule says who may do it (`member`: a signed-in person on their
 * own account's things; a staff role) and whether it needs a fresh proof on the session (step-up).
 * The table becomes a CASL ability per person: a member's rules carry the condition
 * `{ ownerId }` — the account acted for — so `authorize(actor, act, thing)` with a loaded thing
 * also answers ownership.
 */

export type StaffRole = 'moderator' | 'finance' | 'admin';
/** `auditor`: finance staff or a staff administrator (the audit trail). */
export type Who = 'member' | StaffRole | 'auditor';
/**
 * `fresh`: a fresh proof on the session. `beyondPassword`: the act carries the password, which is
 * the proof without a second factor; with one, a fresh proof as any act.
 */
export type Proof = 'fresh' | 'beyondPassword';
export interface ActRule {
  who: Who;
  proof?: Proof;
  /** What the act is, as docs/security.md and the walks name it. */
  what: string;
}

export const ACTS = {
  // The person's own account: who they are, their sessions, where their mail and money go.
  'account.update': { who: 'member', what: 'the main area, exchange readiness and language' },
  'notifications.choose': { who: 'member', what: 'notification choices (security notices stay on)' },
  'session.endThis': { who: 'member', what: 'signing out of this session' },
  'session.endOthers': { who: 'member', proof: 'fresh', what: 'ending another session of the account' },
  'password.change': {
    who: 'member',
    proof: 'beyondPassword',
    what: 'changing the password (the current password is the proof without a second factor)',
  },
  'email.change': { who: 'member', proof: 'fresh', what: 'changing the e-mail address' },
  'telegram.link': { who: 'member', proof: 'fresh', what: 'linking or re-linking a Telegram account' },
  'telegram.preview': { who: 'member', what: 'seeing which Telegram account a link token names' },
  'telegram.unlink': { who: 'member', proof: 'fresh', what: 'unlinking the Telegram account' },
  'secondFactor.add': { who: 'member', proof: 'fresh', what: 'adding an authenticator app or a passkey' },
  'secondFactor.confirm': { who: 'member', what: 'finishing an authenticator set-up started with a fresh proof' },
  'secondFactor.rename': { who: 'member', proof: 'fresh', what: 'renaming a second factor' },
  'secondFactor.remove': { who: 'member', what: 'removing a second factor (the act carries its own proof)' },
  'recoveryCodes.renew': { who: 'member', what: 'renewing the recovery codes (the act carries its own proof)' },
  'stepUp.prove': { who: 'member', what: 'giving a fresh proof' },
  // The advertiser's and publisher's work.
  'image.upload': { who: 'member', what: 'uploading an image' },
  'project.create': { who: 'member', what: 'creating a project' },
  'project.update': { who: 'member', what: 'changing a project' },
  'project.newSecretKey': { who: 'member', proof: 'fresh', what: 'a new project secret key' },
  'resource.create': { who: 'member', what: 'adding a resource to a project' },
  'resource.delete': { who: 'member', what: 'deleting a resource' },
  'resource.verify': { who: 'member', what: 'checking a resource (the bot is an admin there)' },
  'resource.suggest': { who: 'member', what: 'asking what a link or a Telegram chat is' },
  'campaign.create': { who: 'member', what: 'creating a campaign' },
  'campaign.update': { who: 'member', what: 'changing a campaign' },
  'campaign.fund': { who: 'member', what: 'moving money into a campaign' },
  'campaign.returnBudget': { who: 'member', what: 'returning a campaign’s budget to the balance' },
  'campaign.excludeApps': { who: 'member', what: 'choosing the apps a campaign is not shown in' },
  'app.create': { who: 'member', what: 'adding an app' },
  'app.update': { who: 'member', what: 'changing an app' },
  'app.updateService': { who: 'member', what: 'changing an app’s service (award)' },
  'app.newSecretKey': { who: 'member', proof: 'fresh', what: 'a new app secret key' },
  'account.excludeApps': { who: 'member', what: 'choosing the apps none of the account’s campaigns is shown in' },
  'offer.create': { who: 'member', what: 'proposing an exchange offer' },
  'offer.answer': { who: 'member', what: 'confirming, rejecting or withdrawing an exchange offer' },
  'deal.change': { who: 'member', what: 'pausing, resuming or ending an exchange deal' },
  'topUp.create': { who: 'member', what: 'adding funds' },
  'topUp.cancel': { who: 'member', what: 'ending a top-up not paid yet' },
  'withdrawal.request': { who: 'member', what: 'requesting a withdrawal to an address the account was paid at' },
  'withdrawal.toNewAddress': {
    who: 'member',
    proof: 'fresh',
    what: 'a withdrawal to an address the account was not paid at',
  },
  'payoutAddress.save': { who: 'member', proof: 'fresh', what: 'saving a payout address' },
  'payoutAddress.remove': { who: 'member', proof: 'fresh', what: 'removing a payout address' },
  // Staff.
  'campaign.moderate': { who: 'moderator', what: 'claiming, releasing, approving or rejecting a campaign' },
  'playerReport.moderate': { who: 'moderator', what: 'claiming, releasing or deciding a player report' },
  'registration.decide': { who: 'moderator', what: 'approving or declining a registration request' },
  'withdrawal.approve': { who: 'finance', proof: 'fresh', what: 'approving a withdrawal (finance)' },
  'withdrawal.reject': { who: 'finance', proof: 'fresh', what: 'rejecting a withdrawal (finance)' },
  'payoutLimits.lift': { who: 'finance', proof: 'fresh', what: 'lifting the payout limits (finance)' },
  'staffRole.set': { who: 'admin', proof: 'fresh', what: 'granting or taking a staff role' },
} as const satisfies Record<string, ActRule>;
export type Act = keyof typeof ACTS;

/** The acts that need a fresh proof on the session (docs/security.md lists them). */
export const FRESH_PROOF_ACTS = Object.fromEntries(
  Object.entries(ACTS as Record<Act, ActRule>)
    .filter(([, rule]) => rule.proof)
    .map(([act, rule]) => [act, rule.what]),
) as Partial<Record<Act, string>>;

/** What the policy reads of a person: the session read puts the last three on the user. */
interface Actor {
  id: number;
  isModerator?: boolean;
  isFinance?: boolean;
  isAdmin?: boolean;
  hasSecondFactor?: unknown;
  /** STAFF_SECOND_FACTOR=required, stamped by `sessionActor`. */
  staffSecondFactorRequired?: unknown;
}
/** A thing acted on, as far as the policy reads it: the account that owns it. */
export interface Owned {
  ownerId: number;
}
/** What a permitted act may use: the account the person acts for (their own). */
export interface Grant {
  ownerId: number;
}

/** One decision, published on `ACCESS_CHANNEL` (a test walking every mutation listens). */
export interface AccessDecision {
  act: Act;
  userId: number | null;
  allowed: boolean;
}
export const ACCESS_CHANNEL = 'adnet:access';
const decisions = channel(ACCESS_CHANNEL);

/** Puts on a user read with its session what the policy reads: the proof window and the staff rule. */
export function sessionActor<T extends object>(
  user: T,
  config: { stepUpSeconds: number; staffSecondFactor: 'required' | 'optional' },
): T {
  Object.assign(user, { staffSecondFactorRequired: config.staffSecondFactor === 'required' });
  return withProofWindow(user, config.stepUpSeconds);
}

function holdsRoleAtAll(actor: Actor, who: Exclude<Who, 'member'>): boolean {
  if (who === 'auditor') return !!actor.isFinance || !!actor.isAdmin;
  if (who === 'moderator') return !!actor.isModerator;
  if (who === 'finance') return !!actor.isFinance;
  return !!actor.isAdmin;
}

/** Whether a staff role of `actor` is held back for want of a second factor where that is required. */
function staffFactorMissing(actor: object | null | undefined): boolean {
  const a = actor as Actor | null | undefined;
  return !!a && a.staffSecondFactorRequired === true && a.hasSecondFactor !== true;
}

/** Whether `actor` holds `who` now: a staff role counts only with a second factor where required. */
export function holdsRole(actor: object | null | undefined, who: Exclude<Who, 'member'>): boolean {
  if (!actor) return false;
  return holdsRoleAtAll(actor as Actor, who) && !staffFactorMissing(actor);
}

/** The refusal for a person who lacks `who`: what to do when only the second factor is missing. */
export function lacksRole(actor: object, who: Exclude<Who, 'member'> | readonly Exclude<Who, 'member'>[]) {
  const roles = typeof who === 'string' ? [who] : who;
  const heldBack = roles.some((r) => holdsRoleAtAll(actor as Actor, r)) && staffFactorMissing(actor);
  return fail(heldBack ? 'STAFF_SECOND_FACTOR_REQUIRED' : 'STAFF_ROLE_REQUIRED');
}

type Ability = MongoAbility<[string, string | (Owned & { __caslSubjectType__?: string })]>;
const abilities = new WeakMap<object, Ability>();

/** The CASL ability of one person, built from ACTS (and kept with the user object of the request). */
function abilityOf(actor: Actor): Ability {
  const known = abilities.get(actor);
  if (known) return known;
  const { can, build } = new AbilityBuilder<Ability>(createMongoAbility);
  for (const [act, rule] of Object.entries(ACTS) as [Act, ActRule][]) {
    const [subject, action] = act.split('.');
    if (rule.who === 'member') can(action, subject, { ownerId: actor.id });
    else if (holdsRole(actor, rule.who)) can(action, subject);
  }
  const ability = build();
  abilities.set(actor, ability);
  return ability;
}

/**
 * Asks whether `actor` may do `act` (to `thing`, when loaded): throws UNAUTHENTICATED without a
 * person, FORBIDDEN without the role (saying so when only the second factor is missing) or for
 * another account's thing, STEP_UP_REQUIRED without the fresh proof the act needs. The operator
 * (`actedByOperator`: the demo seed, a script) may do everything.
 */
export function authorize(actor: object | null | undefined, act: Act, thing?: Owned): Grant {
  const a = actor as Actor | null | undefined;
  try {
    if (!a) throw fail('SIGN_IN_REQUIRED');
    if (isOperator(a)) return { ownerId: thing?.ownerId ?? a.id };
    const rule: ActRule = ACTS[act];
    const [subject, action] = act.split('.');
    const ability = abilityOf(a);
    if (!ability.can(action, subject)) throw lacksRole(a, rule.who as Exclude<Who, 'member'>);
    if (thing && !ability.can(action, asSubject(subject, { ...thing }))) throw fail('NOT_YOUR_ACCOUNTS');
    if (rule.proof === 'fresh' || (rule.proof === 'beyondPassword' && a.hasSecondFactor === true)) {
      if (!hasFreshProof(a)) throw stepUpRequired(a);
    }
    publish(act, a, true);
    return { ownerId: a.id };
  } catch (err) {
    publish(act, a, false);
    throw err;
  }
}

/** Whether `actor` may do `act` now, without throwing (e.g. to show a button as the server would). */
export function may(actor: object | null | undefined, act: Act, thing?: Owned): boolean {
  try {
    authorize(actor, act, thing);
    return true;
  } catch {
    return false;
  }
}

function publish(act: Act, actor: Actor | null | undefined, allowed: boolean) {
  if (decisions.hasSubscribers) decisions.publish({ act, userId: actor?.id ?? null, allowed } satisfies AccessDecision);
}
