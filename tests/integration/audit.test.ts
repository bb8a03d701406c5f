import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp } from '../helpers/app.ts';
import { createCampaign, createProject, tasks, topUp } from '../helpers/campaigns.ts';
import { gql, login } from '../helpers/graphql.ts';
import { credit, em, newAddress, self, type TestApp } from '../helpers/payouts.ts';
import { asOwner, ownerSql } from '../helpers/db.ts';

// The audit trail: every staff action and money decision written in the
// change's own transaction, append-only (the database refuses UPDATE, DELETE and TRUNCATE),
// hash-chained (`npm run audit:verify` recomputes it), readable by finance staff and staff
// administrators only, and the withdrawal's who-decided facts on REST and GraphQL.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    demo: true,
    env: { PAYOUT_AUTO_APPROVE_MAX: '100', PAYOUT_AUTO_APPROVE_MIN_AGE_DAYS: '0', PAYOUT_SECOND_APPROVAL_USD: '1000' },
  });
  await em(app).getConnection().execute(`update users set is_finance = true where email = 'advertiser@demo.local'`);
});
afterAll(() => app?.close());

const FINANCE = 'moderator@demo.local';
const SECOND = 'advertiser@demo.local';

interface AuditRow {
  seq: number;
  actorId: number | null;
  actor: string;
  action: string;
  objectType: string;
  objectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  hash: string;
}

/** The trail's rows about one object, oldest first, as finance reads them over REST. */
async function trailOf(type: string, id: number | string): Promise<AuditRow[]> {
  const token = await login(app, FINANCE);
  const filters = encodeURIComponent(JSON.stringify({ objectType: type, objectId: String(id) }));
  const res = await app.api(`/v1/audit?sortOrder=asc&size=50&filters=${filters}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value.data;
}

/** The publisher's (or `token`'s) withdrawal of `usd` to a new address (money credited first); its id. */
async function withdrawal(usd: string, token?: string): Promise<number> {
  token ??= await login(app, 'publisher@demo.local');
  const wallet = newAddress();
  await credit(app, (await self(app, token)).id, usd);
  const res = await app.api('/v1/users/payments/publisher', { token, body: { amount: usd, walletAddress: wallet } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.value.id as number;
}

const QUEUE_ROW = `query($id: String!) { withdrawalQueue(page: 1, size: 50, search: $id) { data {
  id status payoutStage batchId requestedFrom approvedByRule approvals { name } rejectedBy { name } } } }`;

/** Withdrawal `id`'s row of the finance queue over GraphQL (the search matches wallets too: picked by id). */
async function queueRow(id: number, token: string) {
  const res = await gql(app, QUEUE_ROW, { id: String(id) }, token);
  expect(res.errors).toBeUndefined();
  return res.data.withdrawalQueue.data.find((w: { id: string }) => w.id === String(id));
}

describe('the trail of a withdrawal', () => {
  test('requested (from where), each approval of two, and who decided on REST and GraphQL', async () => {
    const id = await withdrawal('1000');
    const [first, second] = [await login(app, FINANCE), await login(app, SECOND)];
    expect((await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: first })).status).toBe(200);
    expect((await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: second })).status).toBe(
      200,
    );

    const rows = await trailOf('withdrawal', id);
    expect(rows.map((r) => [r.action, r.actor])).toEqual([
      ['withdrawal.requested', 'publisher@demo.local'],
      ['withdrawal.approval_given', FINANCE],
      ['withdrawal.approved', SECOND],
    ]);
    // Every row has the address the request came from (the test's own).
    for (const r of rows) expect(r.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(rows[0]!.after).toMatchObject({ amount: '1000.00', newAddress: true, proved: true });
    expect(rows[1]!.after).toMatchObject({ stage: 'REQUESTED', approvals: 1, needed: 2 });
    expect(rows[2]!).toMatchObject({
      before: { stage: 'REQUESTED', approvals: 1 },
      after: { stage: 'APPROVED', approvals: 2, needed: 2 },
    });

    // Who decided, on the finance queue: both approvers in order, and where it was asked from.
    expect(await queueRow(id, first)).toMatchObject({
      approvals: [{ name: 'Morgan Moderator' }, { name: expect.any(String) }],
      requestedFrom: expect.stringMatching(/127\.0\.0\.1|::1/),
      approvedByRule: false,
      rejectedBy: null,
    });
    const rest = await app.api(`/v1/finance/withdrawals?search=${id}&size=50`, { token: first });
    expect(rest.body.value.data.find((w: { id: number }) => w.id === id)).toMatchObject({
      id,
      approvals: [{ name: 'Morgan Moderator' }, {}],
      requestedFrom: expect.stringMatching(/127\.0\.0\.1|::1/),
      rejectedBy: null,
      approvedByRule: false,
    });
    // Paid: its batch shows.
    await app.services.payouts.round();
    expect(await queueRow(id, first)).toMatchObject({ status: 'DONE', batchId: expect.any(Number) });
  });

  test('a rejection names who rejected it and why; a refused decision records nothing', async () => {
    const id = await withdrawal('500');
    const before = (await trailOf('withdrawal', id)).length;
    // The payee cannot decide it: refused, and nothing is written.
    const own = await login(app, 'publisher@demo.local');
    expect((await app.api(`/v1/finance/withdrawals/${id}/approve`, { method: 'POST', token: own })).status).toBe(403);
    const token = await login(app, FINANCE);
    const rejected = await gql(
      app,
      'mutation($id: ID!) { failWithdrawal(id: $id, reason: "Address on a sanctions list") { id } }',
      { id },
      token,
    );
    expect(rejected.errors).toBeUndefined();
    // A second rejection is refused (409): still one row.
    const again = await gql(
      app,
      'mutation($id: ID!) { failWithdrawal(id: $id, reason: "again") { id } }',
      { id },
      token,
    );
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const rows = await trailOf('withdrawal', id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'withdrawal.rejected',
      actor: FINANCE,
      before: { status: 'IN_PROGRESS', stage: 'REQUESTED' },
      after: { status: 'FAILED', reason: 'Address on a sanctions list', amount: '500.00' },
    });
    expect(await queueRow(id, token)).toMatchObject({
      status: 'FAILED',
      rejectedBy: { name: 'Morgan Moderator' },
    });
  });

  test('the auto-approve rule counts what it approved for the user in 24 hours, and records its figures', async () => {
    // PAYOUT_AUTO_APPROVE_MAX=100: 60 is approved by the rule; another 60 the same day would make
    // 120, so it waits for a person (one request at a time under the limit used to pass them all).
    // (A new publisher: the demo's had the seeded withdrawal approved by the rule today.)
    const { token: fresh } = await createApprovedUser(app, { role: 'PUBLISHER' });
    const firstId = await withdrawal('60', fresh);
    const secondId = await withdrawal('60', fresh);
    const stages = await em(app)
      .getConnection()
      .execute<{ id: number; payout_stage: string }[]>(
        'select id, payout_stage from payments where id in (?, ?) order by id',
        [firstId, secondId],
      );
    expect(stages.map((s) => s.payout_stage)).toEqual(['APPROVED', 'REQUESTED']);
    const rule = (await trailOf('withdrawal', firstId)).find((r) => r.action === 'withdrawal.auto_approved');
    expect(rule).toMatchObject({
      actorId: null,
      actor: 'auto-approve rule',
      after: { stage: 'APPROVED', amount: '60.00', max: '100.00', approvedInLast24h: '0.00', minAccountAgeDays: 0 },
    });
    expect((await trailOf('withdrawal', secondId)).map((r) => r.action)).toEqual(['withdrawal.requested']);
    const token = await login(app, FINANCE);
    expect(await queueRow(firstId, token)).toMatchObject({ approvedByRule: true, approvals: [] });
  });
});

describe('staff actions', () => {
  test('a role granted and taken, a registration approved, a campaign claimed and approved: each with who and what', async () => {
    // The demo's moderator is a staff administrator too.
    const admin = await login(app, FINANCE);
    const member = await createApprovedUser(app, { role: 'ADVERTISER' });
    const approvedReg = await app.api(
      `/v1/audit?filters=${encodeURIComponent(JSON.stringify({ action: 'registration.approved' }))}&search=${encodeURIComponent(member.email)}`,
      { token: await login(app, FINANCE) },
    );
    expect(approvedReg.body.value.data[0]).toMatchObject({
      actor: 'moderator@demo.local',
      objectType: 'registration',
      after: { status: 'APPROVED', email: member.email, userId: member.userId },
    });

    for (const granted of [true, false]) {
      const res = await gql(
        app,
        'mutation($email: String!, $granted: Boolean!) { setStaffRole(email: $email, role: finance, granted: $granted) { isFinance } }',
        { email: member.email, granted },
        admin,
      );
      expect(res.errors).toBeUndefined();
    }
    expect((await trailOf('user', member.userId)).map((r) => [r.action, r.actor, r.after])).toEqual([
      ['role.granted', FINANCE, { email: member.email, role: 'finance', has: true }],
      ['role.revoked', FINANCE, { email: member.email, role: 'finance', has: false }],
    ]);

    // A first campaign waits for review: claimed, then approved.
    await topUp(app, member.userId, '20');
    const project = await createProject(app, member.token, [tasks.bot()]);
    const campaign = await createCampaign(app, member.token, project.tasks[0], { budget: 5 });
    const moderator = await login(app, 'moderator@demo.local');
    for (const action of ['claim', 'approve']) {
      const res = await app.api(`/v1/moderation/campaigns/${campaign.id}/${action}`, {
        method: 'PATCH',
        token: moderator,
        body: {},
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const rows = await trailOf('campaign', campaign.id);
    expect(rows.map((r) => [r.action, r.actor, r.before, r.after?.status])).toEqual([
      ['campaign.claimed', 'moderator@demo.local', { status: 'MODERATION' }, 'IN_REVIEW'],
      ['campaign.approved', 'moderator@demo.local', { status: 'IN_REVIEW' }, 'ACTIVE'],
    ]);
  });
});

describe('who reads it', () => {
  test('finance staff and staff administrators read the trail (filters, CSV); others are refused', async () => {
    const publisher = await login(app, 'publisher@demo.local');
    expect((await app.api('/v1/audit', { token: publisher })).status).toBe(403);
    expect((await app.api('/v1/audit.csv', { token: publisher })).status).toBe(403);
    expect((await app.api('/v1/audit')).status).toBe(401);
    const denied = await gql(app, '{ auditEvents(page: 1) { totalCount } }', {}, publisher);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // A moderator (no finance, no staff administration) is refused too, until made a staff administrator.
    const moderator2 = await login(app, 'moderator2@demo.local');
    expect((await app.api('/v1/audit', { token: moderator2 })).status).toBe(403);
    const finance = await login(app, FINANCE);
    const made = await gql(
      app,
      'mutation { setStaffRole(email: "moderator2@demo.local", role: admin, granted: true) { isAdmin } }',
      {},
      finance,
    );
    expect(made.errors).toBeUndefined();
    const admin = await login(app, 'moderator2@demo.local');
    expect((await app.api('/v1/audit', { token: admin })).status).toBe(200);
    const financeId = (await self(app, finance)).id as number;
    // A person's rows only, newest first; by action.
    const mine = await gql(
      app,
      `query($f: AuditFilters) { auditEvents(page: 1, size: 50, filters: $f) { totalCount data { actorId actor action } } }`,
      { f: { actorId: String(financeId) } },
      admin,
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data.auditEvents.totalCount).toBeGreaterThan(0);
    for (const r of mine.data.auditEvents.data) expect(r).toMatchObject({ actorId: String(financeId), actor: FINANCE });
    const approvals = await gql(
      app,
      `{ auditEvents(page: 1, size: 50, filters: { action: [WITHDRAWAL_APPROVED, WITHDRAWAL_AUTO_APPROVED] }) { data { action seq } } }`,
      {},
      finance,
    );
    const seqs = approvals.data.auditEvents.data.map((r: { seq: number }) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(new Set(approvals.data.auditEvents.data.map((r: { action: string }) => r.action))).toEqual(
      new Set(['WITHDRAWAL_APPROVED', 'WITHDRAWAL_AUTO_APPROVED']),
    );
    // Bad filters are refused with the reason.
    const bad = await app.api(`/v1/audit?filters=${encodeURIComponent('{"action":"withdrawal.deleted"}')}`, {
      token: finance,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('action must be one of');

    // The CSV: a header and one line a row, the JSON columns kept whole.
    const csv = await fetch(`${app.url}/api/v1/audit.csv?filters=${encodeURIComponent('{"objectType":"user"}')}`, {
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('seq,at,actor_id,actor,action,object_type,object_id,before,after,ip,hash');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/,(role\.(granted|revoked)|account\.[a-z_]+),user,/);
  });
});

describe('nobody can edit it', () => {
  test('the database refuses UPDATE, DELETE and TRUNCATE of the trail and a move of its head', async () => {
    const edits = [
      `update audit_events set actor = 'someone else' where seq = 1`,
      'delete from audit_events where seq = (select max(seq) from audit_events)',
      'truncate audit_events',
      'update audit_head set seq = seq + 1',
      'delete from audit_head',
    ];
    // The application's own connection: a role that owns nothing, refused by its rights.
    const db = em(app).getConnection();
    for (const sql of edits) await expect(db.execute(sql), sql).rejects.toThrow(/permission denied/);
    // Nor can it switch the guard off, or every trigger with session_replication_role.
    for (const sql of [
      'alter table audit_events disable trigger audit_events_append_only',
      "set session_replication_role = 'replica'",
    ]) {
      await expect(db.execute(sql), sql).rejects.toThrow(/must be owner|permission denied/);
    }
    // The owner itself meets the triggers.
    for (const sql of edits) {
      await expect(asOwner(app.databaseUrl, sql), sql).rejects.toThrow(/The audit trail is append-only/);
    }
  });

  test('a batch approval writes one row a withdrawal in one statement, chained in order', async () => {
    const ids = [await withdrawal('300'), await withdrawal('300'), await withdrawal('300')];
    const before = await app.services.audit.verify(em(app));
    const res = await app.api('/v1/finance/withdrawals/approve', { token: await login(app, FINANCE), body: { ids } });
    expect(res.body.value.data).toHaveLength(3);
    const rows = await em(app)
      .getConnection()
      .execute<{ seq: string; object_id: string; action: string }[]>(
        'select seq, object_id, action from audit_events where seq > ? order by seq',
        [before.rows],
      );
    expect(rows.map((r) => [Number(r.seq), r.object_id, r.action])).toEqual(
      ids.map((id, i) => [before.rows + 1 + i, String(id), 'withdrawal.approved']),
    );
    expect((await app.services.audit.verify(em(app))).breaks).toEqual([]);
  });

  test('concurrent actions chain in one line (numbered without a gap); verify finds it intact, then the row changed behind the triggers', async () => {
    // Twenty withdrawals requested at once by twenty users: twenty rows, one chain.
    const users = await Promise.all(Array.from({ length: 20 }, () => createApprovedUser(app, { role: 'PUBLISHER' })));
    await Promise.all(users.map((u) => credit(app, u.userId, '200')));
    const answers = await Promise.all(
      users.map((u) =>
        app.api('/v1/users/payments/publisher', {
          token: u.token,
          body: { amount: '150', walletAddress: newAddress() },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(users.map(() => 201));

    const verdict = await app.services.audit.verify(em(app));
    expect(verdict.breaks).toEqual([]);
    const [{ n }] = await em(app).getConnection().execute<{ n: string }[]>('select count(*) as n from audit_events');
    expect(verdict.rows).toBe(Number(n));

    const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
    const env = { ...process.env, DATABASE_URL: app.databaseUrl, REDIS_URL: '' };
    const intact = spawnSync(tsx, ['scripts/audit-verify.ts'], { encoding: 'utf8', input: '', env });
    expect(intact.status, intact.stdout + intact.stderr).toBe(0);
    expect(intact.stdout).toContain(`${verdict.rows} audit rows read; head ${verdict.head}`);
    expect(intact.stdout).toContain('audit chain intact');

    // The owner of the database can switch the guard off: the chain still tells.
    const db = ownerSql(app.databaseUrl);
    const target = Math.max(1, verdict.rows - 5);
    await db.execute('alter table audit_events disable trigger audit_events_append_only');
    await db.execute(`update audit_events set after = '{"amount":"1.00"}' where seq = ?`, [target]);
    await db.execute('alter table audit_events enable trigger audit_events_append_only');
    const broken = spawnSync(tsx, ['scripts/audit-verify.ts'], { encoding: 'utf8', input: '', env });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain(`BREAK at row ${target}: its hash does not match its columns (changed)`);
    expect(broken.stdout).toContain('audit chain BROKEN');
    // A row removed: its successor no longer links.
    await db.execute('alter table audit_events disable trigger audit_events_append_only');
    await db.execute('delete from audit_events where seq = ?', [target + 1]);
    await db.execute('alter table audit_events enable trigger audit_events_append_only');
    const removed = await app.services.audit.verify(em(app));
    expect(removed.breaks).toContainEqual({ seq: target + 2, why: `rows ${target + 1} to ${target + 1} are missing` });
    expect(removed.breaks).toContainEqual({ seq: target + 2, why: 'its prev_hash is not the hash of the row before' });
  }, 120_000);
});

describe('acts on who someone is', () => {
  // A trail of its own: the tests above break this file's chain on purpose.
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ demo: true });
  });
  afterAll(() => app?.close());

  test('a payout address saved and removed, a password changed, each recorded with the account and its address; the head is published and a rewritten trail fails --head', async () => {
    const user = await createApprovedUser(app, { role: 'PUBLISHER', password: 'demo1234' });
    const address = newAddress();
    const saved = await app.api('/v1/users/self/payout-addresses', {
      token: user.token,
      body: { address, label: 'Mine' },
      headers: { 'x-forwarded-for': '10.9.8.7' },
    });
    expect(saved.status).toBe(201);
    expect(
      (await app.api(`/v1/users/self/payout-addresses/${saved.body.value.id}`, { method: 'DELETE', token: user.token }))
        .status,
    ).toBe(204);
    const changed = await app.api('/v1/users/self/password', {
      token: user.token,
      body: { currentPassword: 'demo1234', password: 'demo12345' },
    });
    expect(changed.status).toBe(200);
    const rows = await em(app)
      .getConnection()
      .execute<{ action: string; actor: string; object_id: string; before: unknown; after: unknown }[]>(
        `select action, actor, object_id, before, after from audit_events where object_type = 'user' and object_id = ?
          and action like 'account.%' order by seq`,
        [String(user.userId)],
      );
    expect(rows).toEqual([
      {
        action: 'account.payout_address_saved',
        actor: user.email,
        object_id: String(user.userId),
        before: null,
        after: { address, label: 'Mine' },
      },
      {
        action: 'account.payout_address_removed',
        actor: user.email,
        object_id: String(user.userId),
        before: { address, label: 'Mine' },
        after: null,
      },
      {
        action: 'account.password_changed',
        actor: user.email,
        object_id: String(user.userId),
        before: null,
        after: null,
      },
    ]);

    // The head as /metrics publishes it, once the last write's notice arrived.
    const verdict = await app.services.audit.verify(em(app));
    expect(verdict.breaks).toEqual([]);
    const metric = new RegExp(
      `taskgram_audit_head_info\\{seq="${verdict.rows}",hash="${verdict.head}"\\} ${verdict.rows}`,
    );
    for (let i = 0; ; i++) {
      const text = await (await fetch(`${app.url}/metrics`)).text();
      if (metric.test(text)) break;
      if (i > 100)
        throw new Error(
          `the head is not on /metrics:\n${text
            .split('\n')
            .filter((l) => l.includes('audit'))
            .join('\n')}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }

    // The owner rewrites a row and re-hashes the chain from it: verify alone finds it whole;
    // with the head seen before, it does not.
    const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
    const env = { ...process.env, DATABASE_URL: app.databaseUrl, REDIS_URL: '' };
    const seen = verdict.head;
    const db = ownerSql(app.databaseUrl);
    await db.execute('alter table audit_events disable trigger audit_events_append_only');
    await db.execute('alter table audit_head disable trigger audit_head_guard');
    await db.execute(`update audit_events set after = '{"address":"elsewhere"}'::jsonb where seq = ?`, [
      verdict.rows - 2,
    ]);
    await db.execute(
      `do $$ declare r audit_events; prev bytea; begin
         select hash into prev from audit_events where seq = ${verdict.rows - 3};
         for r in select * from audit_events where seq >= ${verdict.rows - 2} order by seq loop
           update audit_events set prev_hash = prev, hash = sha256(prev || convert_to(audit_event_text(r), 'UTF8'))
            where seq = r.seq returning hash into prev;
         end loop;
         update audit_head set hash = prev where id = 1;
       end $$`,
    );
    await db.execute('alter table audit_head enable trigger audit_head_guard');
    await db.execute('alter table audit_events enable trigger audit_events_append_only');
    const whole = spawnSync(tsx, ['scripts/audit-verify.ts'], { encoding: 'utf8', input: '', env });
    expect(whole.stdout).toContain('audit chain intact');
    const caught = spawnSync(tsx, ['scripts/audit-verify.ts', '--head', seen], { encoding: 'utf8', input: '', env });
    expect(caught.status, caught.stdout + caught.stderr).toBe(1);
    expect(caught.stdout).toContain(`BREAK: no row of the chain has the head seen before (${seen})`);
  }, 60_000);
});
