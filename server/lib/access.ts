import { channel } from 'node:diagnostics_channel';
import { AbilityBuilder, createMongoAbility, type MongoAbility, subject as asSubject } from '@casl/ability';
import { type AccessLevel, LEVEL_NEEDED, levelAllows, type Scope } from '../../shared/access-levels.ts';
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
  /**
   * A member's act: what of the account it touches, which decides the access level it needs
   * (shared/access-levels.ts). `self` acts are the person's own and never done on another account.
   */
  scope?: Scope;
  proof?: Proof;
  /** What the act is, as docs/security.md and the walks name it. */
  what: string;
}

export const ACTS = {
  // The person's own account: who they are, their sessions, where their mail and money go.
  'account.update': {
    who: 'member',
    scope: 'self',
    what: 'the main area, exchange readiness and language',
  },
  'notifications.choose': {
    who: 'member',
    scope: 'self',
    what: 'notification choices (security notices stay on)',
  },
  'session.endThis': {
    who: 'member',
    scope: 'self',
    what: 'signing out of this session',
  },
  'session.endOthers': {
    who: 'member',
    scope: 'self',
    proof: 'fresh',
    what: 'ending another session of the account',
  },
  'password.change': {
    who: 'member',
    scope: 'self',
    proof: 'beyondPassword',
    what: 'changing the password (the current password is the proof without a second factor)',
  },
  'email.change': {
    who: 'member',
    scope: 'self',
    proof: 'fresh',
    what: 'changing the e-mail address',
  },
  'telegram.link': {
    who: 'member',
    scope: 'self',
    proof: 'fresh',
    what: 'linking or re-linking a Telegram account',
  },
  'telegram.preview': {
    who: 'member',
    scope: 'self',
    what: 'seeing which Telegram account a link token names',
  },
  'telegram.unlink': {
    who: 'member',
    scope: 'self',
    proof: 'fresh',
    what: 'unlinking the Telegram account',
  },
  'secondFactor.add': {
    who: 'member',
    scope: 'self',
    proof: 'fresh',
    what: 'adding an authenticator app or a passkey',
  },
  'secondFactor.confirm': {
    who: 'member',
    scope: 'self',
    what: 'finishing an authenticator set-up started with a fresh proof',
  },
  'secondFactor.rename': {
    who: 'member',
    scope: 'self',
    proof: 'fresh',
    what: 'renaming a second factor',
  },
  'secondFactor.remove': {
    who: 'member',
    scope: 'self',
    what: 'removing a second factor (the act carries its own proof)',
  },
  'recoveryCodes.renew': {
    who: 'member',
    scope: 'self',
    what: 'renewing the recovery codes (the act carries its own proof)',
  },
  'stepUp.prove': {
    who: 'member',
    scope: 'self',
    what: 'giving a fresh proof',
  },
  // The advertiser's and publisher's work.
  'image.upload': {
    who: 'member',
    scope: 'work',
    what: 'uploading an image',
  },
  'project.create': {
    who: 'member',
    scope: 'work',
    what: 'creating a project',
  },
  'project.update': {
    who: 'member',
    scope: 'work',
    what: 'changing a project',
  },
  'project.newSecretKey': {
    who: 'member',
    scope: 'work',
    proof: 'fresh',
    what: 'a new project secret key',
  },
  'resource.create': {
    who: 'member',
    scope: 'work',
    what: 'adding a resource to a project',
  },
  'resource.delete': {
    who: 'member',
    scope: 'work',
    what: 'deleting a resource',
  },
  'resource.verify': {
    who: 'member',
    scope: 'work',
    what: 'checking a resource (the bot is an admin there)',
  },
  'resource.suggest': {
    who: 'member',
    scope: 'work',
    what: 'asking what a link or a Telegram chat is',
  },
  'campaign.create': {
    who: 'member',
    scope: 'work',
    what: 'creating a campaign',
  },
  'campaign.update': {
    who: 'member',
    scope: 'work',
    what: 'changing a campaign',
  },
  'campaign.fund': {
    who: 'member',
    scope: 'work',
    what: 'moving money into a campaign',
  },
  'campaign.returnBudget': {
    who: 'member',
    scope: 'work',
    what: 'returning a campaign’s budget to the balance',
  },
  'campaign.excludeApps': {
    who: 'member',
    scope: 'work',
    what: 'choosing the apps a campaign is not shown in',
  },
  'app.create': {
    who: 'member',
    scope: 'work',
    what: 'adding an app',
  },
  'app.update': {
    who: 'member',
    scope: 'work',
    what: 'changing an app',
  },
  'app.updateService': {
    who: 'member',
    scope: 'work',
    what: 'changing an app’s service (award)',
  },
  'app.newSecretKey': {
    who: 'member',
    scope: 'work',
    proof: 'fresh',
    what: 'a new app secret key',
  },
  'account.excludeApps': {
    who: 'member',
    scope: 'work',
    what: 'choosing the apps none of the account’s campaigns is shown in',
  },
  'offer.create': {
    who: 'member',
    scope: 'work',
    what: 'proposing an exchange offer',
  },
  'offer.answer': {
    who: 'member',
    scope: 'work',
    what: 'confirming, rejecting or withdrawing an exchange offer',
  },
  'deal.change': {
    who: 'member',
    scope: 'work',
    what: 'pausing, resuming or ending an exchange deal',
  },
  'topUp.create': {
    who: 'member',
    scope: 'money',
    what: 'adding funds',
  },
  'topUp.cancel': {
    who: 'member',
    scope: 'money',
    what: 'ending a top-up not paid yet',
  },
  'withdrawal.request': {
    who: 'member',
    scope: 'money',
    what: 'requesting a withdrawal to an address the account was paid at',
  },
  'withdrawal.toNewAddress': {
    who: 'member',
    scope: 'money',
    proof: 'fresh',
    what: 'a withdrawal to an address the account was not paid at',
  },
  'payoutAddress.save': {
    who: 'member',
    scope: 'money',
    proof: 'fresh',
    what: 'saving a payout address',
  },
  'payoutAddress.remove': {
    who: 'member',
    scope: 'money',
    proof: 'fresh',
    what: 'removing a payout address',
  },
  // The account's people (an Admin's); leaving is the person's own.
  'member.setLevel': { who: 'member', scope: 'people', proof: 'fresh', what: 'changing a member’s access level' },
  'member.remove': { who: 'member', scope: 'people', what: 'removing a member from the account' },
  'member.leave': { who: 'member', scope: 'self', what: 'leaving an account one is a member of' },
  // Granting access is a takeover's way in (a stolen session inviting its own address as Admin): a fresh proof.
  'invitation.create': { who: 'member', scope: 'people', proof: 'fresh', what: 'inviting a person to the account' },
  'invitation.revoke': { who: 'member', scope: 'people', what: 'revoking an invitation' },
  'invitation.accept': { who: 'member', scope: 'self', what: 'accepting an invitation sent to one’s address' },
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

/** The acts that take money out of an account (a member needs their own second factor and proof). */
const MONEY_OUT: ReadonlySet<Act> = new Set<Act>([
  'withdrawal.request',
  'withdrawal.toNewAddress',
  'payoutAddress.save',
  'payoutAddress.remove',
]);

/** The acts that need a fresh proof on the session (docs/security.md lists them). */
export const FRESH_PROOF_ACTS = Object.fromEntries(
  Object.entries(ACTS as Record<Act, ActRule>)
    .filter(([, rule]) => rule.proof)
    .map(([act, rule]) => [act, rule.what]),
) as Partial<Record<Act, string>>;

/**
 * What the policy reads of a person, or of an account a person acts on (`actingOn`): the session
 * read puts the last three on the user.
 */
interface Actor {
  id: number;
  /** On another's account: the person acting, whose roles, factors and proof count. */
  person?: Actor;
  /** The person's level on the account acted on; absent: their own account (Admin). */
  accessLevel?: AccessLevel;
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

/**
 * The account `account` (its owner's user row) as acted on by `person` with `level`: what the
 * services of account things are given. Its `id` is the account's, so owned things answer to it;
 * the person's roles, factors and fresh proof are read from `person`.
 */
export function actingOn<T extends { id: number }>(
  account: T,
  person: { id: number },
  level: AccessLevel,
): T & { person: typeof person; accessLevel: AccessLevel } {
  return { ...account, person, accessLevel: level };
}

/** The account id a header or a socket's payload names; NaN (an account nobody is in) when it is no id. */
export function accountIdOf(value: unknown): number {
  const text = Array.isArray(value) ? value[0] : value;
  return (typeof text === 'string' && /^\d{1,10}$/.test(text.trim())) || typeof text === 'number'
    ? Number(text)
    : Number.NaN;
}

/** The person behind an actor (themself on their own account). */
export function personOf<T extends { id: number }>(actor: T): T {
  return ((actor as Actor).person as T | undefined) ?? actor;
}

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
    else if (holdsRole(actor.person ?? actor, rule.who)) can(action, subject);
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
    // Roles, factors and proof are the person's; ownership is the account's.
    const person = a.person ?? a;
    const ability = abilityOf(a);
    if (!ability.can(action, subject)) throw lacksRole(person, rule.who as Exclude<Who, 'member'>);
    if (rule.scope) {
      // The person's own acts are never done on another's account (a transport that passed the
      // account acted on where the person belongs is refused, not obeyed).
      if (rule.scope === 'self' && a.person && a.person.id !== a.id) throw fail('NOT_YOUR_ACCOUNTS');
      if (rule.scope !== 'self' && !levelAllows(a.accessLevel ?? 'ADMIN', rule.scope))
        throw fail('ACCESS_LEVEL_TOO_LOW', { needed: LEVEL_NEEDED[rule.scope] });
    }
    if (thing && !ability.can(action, asSubject(subject, { ...thing }))) throw fail('NOT_YOUR_ACCOUNTS');
    // Money out of another's account needs the acting person's own second factor and fresh proof.
    const moneyOut = MONEY_OUT.has(act) && a.person !== undefined && a.person.id !== a.id;
    if (moneyOut && person.hasSecondFactor !== true) throw fail('MONEY_OUT_NEEDS_OWN_SECOND_FACTOR');
    if (rule.proof === 'fresh' || moneyOut || (rule.proof === 'beyondPassword' && person.hasSecondFactor === true)) {
      if (!hasFreshProof(person)) throw stepUpRequired(person, act);
    }
    publish(act, person, true);
    return { ownerId: a.id };
  } catch (err) {
    publish(act, a?.person ?? a, false);
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
