import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routes } from '../../server/areas.ts';
import { FRESH_PROOF_ACTS } from '../../server/lib/access.ts';
import { addAuthenticator, provedLongAgo } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';
import { newAddress } from '../helpers/payouts.ts';

// Every REST route and GraphQL mutation that changes who someone is, their sessions, staff roles
// or where money goes, walked with a stolen, stale session (its last proof 11 minutes old): each
// answers STEP_UP_REQUIRED and changes nothing. A new route or mutation in that scope fails here
// until it is listed — as needing a proof, or as exempt with the reason.

type Call = { body?: unknown };
/** REST: `METHOD path` → what to send (a route that needs a fresh proof). */
const REST_PROOF: Record<string, Call> = {
  'POST /v1/auth/logout-all': {},
  'DELETE /v1/users/self/sessions/:id': {},
  'POST /v1/users/self/password': { body: { currentPassword: 'demo1234', password: 'demo12345' } },
  'POST /v1/users/self/telegram/link': { body: { linkToken: 'x.y' } },
  'POST /v1/users/self/second-factors/totp': {},
  'POST /v1/users/self/passkeys/options': {},
  'POST /v1/users/self/passkeys': {
    body: { response: { id: 'eA', rawId: 'eA', type: 'public-key', response: { clientDataJSON: 'eA' } }, name: 'Key' },
  },
  'PATCH /v1/users/self/second-factors/:id': { body: { name: 'Thief' } },
  'POST /v1/users/payments/publisher': { body: { amount: '60', walletAddress: newAddress() } },
  'POST /v1/finance/withdrawals/:id/approve': {},
  'POST /v1/finance/withdrawals/approve': { body: { ids: [1] } },
  'POST /v1/finance/payout-limits/lift': {},
  'POST /v1/users/self/payout-addresses': { body: { address: newAddress(), label: 'Thief' } },
  'DELETE /v1/users/self/payout-addresses/:id': {},
  'PATCH /v1/projects/:id/secret-key': {},
  'PATCH /v1/platforms/:id/secret-key': {},
  'POST /v1/users/self/telegram': {},
  'DELETE /v1/users/self/telegram': {},
  'POST /v1/users/self/email': { body: { email: 'thief@example.com' } },
  'POST /v1/accounts/:id/invitations': { body: { email: 'thief@example.com', accessLevel: 'ADMIN' } },
  'PATCH /v1/accounts/:id/members/:userId': { body: { accessLevel: 'ADMIN' } },
};
/** REST routes in scope that need no separate fresh proof, and why. */
const REST_EXEMPT: Record<string, string> = {
  'POST /v1/auth/logout': 'ends this session only',
  'POST /v1/users/self/telegram/link/preview': 'changes nothing: shows which Telegram account a link token names',
  'POST /v1/users/self/second-factors/totp/:id/confirm': 'finishes a set-up that was started with a fresh proof',
  'POST /v1/users/self/passkeys/proof-options': 'changes nothing: a challenge for a proof',
  'POST /v1/users/self/second-factors/:id/remove': 'carries its own proof (a second-factor code or passkey)',
  'POST /v1/users/self/recovery-codes': 'carries its own proof (a second-factor code or passkey)',
  'POST /v1/users/self/step-up': 'is the proof',
  'PATCH /v1/users/self': 'the main area, exchange readiness and language: nothing about identity or money',
  'POST /v1/users/payments/advertiser': 'adds funds: money in, not out',
  'PUT /v1/users/self/notifications': 'notification choices (security notices cannot be switched off)',
  'DELETE /v1/accounts/:id/members/:userId': 'removes a member or leaves: takes access away, grants none',
  'DELETE /v1/accounts/:id/invitations/:invitationId': 'revokes an invitation: takes access away, grants none',
  'POST /v1/invitations/:token/acceptance': 'the invited person joins with what an Admin granted (with a fresh proof)',
};
/** The areas whose routes act on identity, sessions, roles or money. */
const IN_SCOPE = new Set(['auth', 'users', 'payments', 'teams']);

/** GraphQL mutations that need a fresh proof, with a document to send. */
const GRAPHQL_PROOF: Record<string, string> = {
  setStaffRole: 'mutation { setStaffRole(email: "publisher@demo.local", role: admin, granted: true) { id } }',
  startTelegramLink: 'mutation { startTelegramLink { url } }',
  unlinkTelegram: 'mutation { unlinkTelegram { telegram { id } } }',
  logoutAll: 'mutation { logoutAll }',
  endSession: 'mutation($id: ID!) { endSession(id: $id) }',
  changePassword: 'mutation { changePassword(input: { currentPassword: "demo1234", password: "demo12345" }) }',
  requestWithdrawal: 'mutation($w: String!) { requestWithdrawal(amount: "60", walletAddress: $w) { id } }',
  approveWithdrawal: 'mutation { approveWithdrawal(id: "1") { id } }',
  approveWithdrawals: 'mutation { approveWithdrawals(ids: ["1"]) { id } }',
  failWithdrawal: 'mutation { failWithdrawal(id: "1", reason: "no") { id } }',
  liftPayoutLimits: 'mutation { liftPayoutLimits { alert } }',
  addPayoutAddress: 'mutation($w: String!) { addPayoutAddress(address: $w, label: "Thief") { id } }',
  removePayoutAddress: 'mutation($id: ID!) { removePayoutAddress(id: $id) }',
  regenerateProjectKey: 'mutation { regenerateProjectKey(id: "1") }',
  regeneratePlatformKey: 'mutation { regeneratePlatformKey(id: "1") }',
  inviteMember:
    'mutation($me: ID!) { inviteMember(accountId: $me, email: "thief@example.com", accessLevel: ADMIN) { id } }',
  setMemberLevel: 'mutation($me: ID!) { setMemberLevel(accountId: $me, userId: "1", accessLevel: ADMIN) { userId } }',
};
/** Mutations that need none, and why (everything not about identity, sessions, roles or money out). */
const GRAPHQL_EXEMPT: Record<string, string> = {
  logout: 'ends this session only',
  updateMe: 'the main area, exchange readiness and language',
  updateNotificationSettings: 'notification choices (security notices cannot be switched off)',
  createTopUp: 'adds funds: money in',
  cancelTopUp: 'a top-up not paid yet',
  removeMember: 'removes a member or leaves: takes access away, grants none',
  revokeInvitation: 'revokes an invitation: takes access away, grants none',
  acceptInvitation: 'the invited person joins with what an Admin granted (with a fresh proof)',
};
/** Mutations of the product's work (campaigns, apps, exchange, moderation): out of this walk's scope. */
const WORK =
  /Campaign|Platform(?!Key)|Project(?!Key)|Task|Offer|Deal|PlayerReport|Registration|Resource|Excluded|fundCampaign/;

let app: TestApp;
let token: string;
let other: string;
let factorId: number;
let addressId: number;
let otherSession: string;
let meId: string;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  // A staff administrator and finance person with an authenticator app: the walk covers every act.
  const email = 'moderator@demo.local';
  token = await login(app, email);
  other = await login(app, email);
  ({ factorId } = await addAuthenticator(app, token));
  const saved = await app.api('/v1/users/self/payout-addresses', {
    token,
    body: { address: newAddress(), label: 'Own' },
  });
  expect(saved.status).toBe(201);
  addressId = saved.body.value.id;
  const sessions = await app.api('/v1/users/self/sessions', { token });
  otherSession = sessions.body.value.find((s: { current: boolean }) => !s.current).id;
  meId = String((await app.api('/v1/users/self', { token })).body.value.id);
  await provedLongAgo(app, email);
});
afterAll(() => app?.close());

const STEP_UP = { code: 'STEP_UP_REQUIRED', methods: ['TOTP', 'RECOVERY_CODE'] };

describe('a stale session gets STEP_UP_REQUIRED for every act on identity, sessions, roles and money', () => {
  test('every REST route in scope is listed; each one needing a proof refuses the stale session', async () => {
    const inScope = (routes as { method: string; path: string; tag: string; access: string }[])
      .filter((r) => r.method !== 'GET' && r.access !== 'public' && IN_SCOPE.has(r.tag))
      .map((r) => `${r.method} ${r.path}`);
    const unlisted = inScope.filter((key) => !(key in REST_PROOF) && !(key in REST_EXEMPT));
    expect(unlisted, 'routes in scope that are neither listed as needing a proof nor exempt').toEqual([]);
    const keys = [
      ...Object.keys(REST_PROOF).filter((k) => inScope.includes(k)),
      // Secret keys live in other areas: listed, and walked all the same.
      'PATCH /v1/projects/:id/secret-key',
      'PATCH /v1/platforms/:id/secret-key',
    ];
    expect(new Set(keys)).toEqual(new Set(Object.keys(REST_PROOF)));
    for (const key of new Set(keys)) {
      const [method, template] = key.split(' ');
      const path = template
        .replace(':id/remove', `${factorId}/remove`)
        .replace('sessions/:id', `sessions/${otherSession}`)
        .replace('second-factors/:id', `second-factors/${factorId}`)
        .replace('payout-addresses/:id', `payout-addresses/${addressId}`)
        .replace('accounts/:id', `accounts/${meId}`)
        .replace(':userId', '1')
        .replace(':id', '1');
      const answer = await app.api(path, { method, token, body: REST_PROOF[key].body as object | undefined });
      expect({ key, status: answer.status, body: answer.body }).toMatchObject({
        key,
        status: 403,
        body: STEP_UP,
      });
    }
    // Nothing changed: the other session, the factor's name, the saved address.
    expect((await app.api('/v1/users/self', { token: other })).status).toBe(200);
    const factors = (await app.api('/v1/users/self/second-factors', { token })).body.value.factors;
    expect(factors.map((f: { name: string }) => f.name)).toEqual(['Phone']);
    const addresses = (await app.api('/v1/users/self/payout-addresses', { token })).body.value.data;
    expect(addresses.map((a: { id: number }) => a.id)).toEqual([addressId]);
  });

  test('every GraphQL mutation in scope is listed; each one needing a proof refuses the stale session', async () => {
    const schema = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
    const mutations = Object.keys((schema.getMutationType() as GraphQLObjectType).getFields());
    const unlisted = mutations.filter((m) => !(m in GRAPHQL_PROOF) && !(m in GRAPHQL_EXEMPT) && !WORK.test(m));
    expect(unlisted, 'mutations in scope that are neither listed as needing a proof nor exempt').toEqual([]);
    for (const [name, document] of Object.entries(GRAPHQL_PROOF)) {
      const answer = await gql(
        app,
        document,
        { id: name === 'endSession' ? otherSession : String(addressId), w: newAddress(), me: meId },
        token,
      );
      expect({ name, extensions: answer.errors?.[0]?.extensions }).toMatchObject({ name, extensions: STEP_UP });
    }
    const [{ is_admin }] = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ is_admin: boolean }[]>(`select is_admin from users where email = 'publisher@demo.local'`);
    expect(is_admin).toBe(false);
  });

  test('the permission module’s table (lib/access.ts) asks a fresh proof for every kind walked here', () => {
    for (const act of [
      'telegram.link',
      'staffRole.set',
      'secondFactor.rename',
      'session.endOthers',
      'payoutAddress.save',
    ])
      expect(FRESH_PROOF_ACTS).toHaveProperty(act);
  });
});
