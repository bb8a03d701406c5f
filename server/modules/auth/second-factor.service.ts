import { fail, failWith, type RateLimitCode } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import { createHash, randomInt } from 'node:crypto';
import { accountActor, recordAudit } from '../audit/record.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { secondsLeftInMinute } from '../../lib/rate-limit.ts';
import type { NotifyEvent } from '../notifications/notify.ts';
import { User } from '../users/user.entity.ts';
import { type PasskeyResponse, type PasskeySite, Passkeys } from './passkeys.ts';

const ISSUER = 'Taskgram Ads';
const PERIOD = 30;
/** Recovery codes: ten of 8 characters of 32 (2^40 each), shown once. */
const RECOVERY_CODES = 10;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Wrong codes (or proof passwords) one session, and one address, may send a minute. */
const WRONG_CODES_PER_MINUTE = 10;
/**
 * Past this many wrong tries at one account in a minute (from many addresses), a source that sent
 * a wrong one already waits; one that has not — the owner's — still gets its try.
 */
const WRONG_CODES_PER_ACCOUNT = 30;

export interface SecondFactorView {
  id: number;
  kind: 'TOTP' | 'PASSKEY';
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Where a code comes from: wrong ones are counted there, never against the account alone. */
export interface CodeSource {
  ip?: string;
  sessionId?: string | null;
  /** Only a factor or recovery code that existed before this (the recovery of an account). */
  before?: Date;
}

/** A fresh proof: the password, a second-factor code, or a passkey's answer (with where it was given). */
export interface FactorProof {
  password?: string;
  code?: string;
  passkey?: PasskeyResponse;
  site?: PasskeySite;
  source?: CodeSource;
}

const factorLabel = (kind: string, name: string) => `${kind === 'PASSKEY' ? 'Passkey' : 'Authenticator app'} “${name}”`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const normalizeRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/**
 * Second factors: authenticator apps (TOTP) and passkeys (passkeys.ts) with ten one-time
 * recovery codes. A password sign-in
 * of an account that has one asks for a code (auth.service.ts); adding or removing one tells the
 * owner on a channel they cannot switch off. Each TOTP code is accepted once (its 30-second step
 * is remembered), wrong codes are counted per account.
 */
export class SecondFactorService {
  readonly passkeys: Passkeys;

  constructor(
    private readonly deps: {
      secretsKey: Buffer;
      limiter: RateLimiter;
      /** The security notices (the notifications area, reached later), in the change's transaction ... */
      notify: (em: EntityManager, event: NotifyEvent) => Promise<void>;
      /** ... and their delivery, once it has committed. */
      deliver: () => void;
    },
  ) {
    this.passkeys = new Passkeys(deps.secretsKey);
  }

  async list(em: EntityManager, userId: number): Promise<{ factors: SecondFactorView[]; recoveryCodesLeft: number }> {
    const factors = await em.execute<SecondFactorView[]>(
      `select id, kind, name, created_at as "createdAt", last_used_at as "lastUsedAt"
         from second_factors where user_id = ? and confirmed_at is not null order by id`,
      [userId],
    );
    const [{ n }] = await em.execute<{ n: string }[]>(
      'select count(*) as n from recovery_codes where user_id = ? and used_at is null',
      [userId],
    );
    return { factors, recoveryCodesLeft: Number(n) };
  }

  async hasFactor(em: EntityManager, userId: number): Promise<boolean> {
    const rows = await em.execute(
      'select 1 from second_factors where user_id = ? and confirmed_at is not null limit 1',
      [userId],
    );
    return rows.length > 0;
  }

  /** The kinds of second factor the account has (none: empty). */
  async kinds(em: EntityManager, userId: number): Promise<SecondFactorView['kind'][]> {
    const rows = await em.execute<{ kind: SecondFactorView['kind'] }[]>(
      'select distinct kind from second_factors where user_id = ? and confirmed_at is not null order by kind',
      [userId],
    );
    return rows.map((r) => r.kind);
  }

  /** Starts adding a passkey: the options for the browser's `navigator.credentials.create`. */
  startPasskey(em: EntityManager, site: PasskeySite, user: User) {
    // A stolen token must not add a factor of its own (and then prove itself with it).
    authorize(user, 'secondFactor.add');
    return this.passkeys.registrationOptions(em, site, user);
  }

  /**
   * Adds the passkey the browser made with those options, under a name. The account's first
   * factor comes with ten recovery codes, shown this once.
   */
  async addPasskey(
    em: EntityManager,
    site: PasskeySite,
    user: User,
    response: PasskeyResponse,
    name: string,
  ): Promise<{ factor: SecondFactorView; recoveryCodes: string[] | null }> {
    authorize(user, 'secondFactor.add');
    const done = await em.transactional(async (tx) => {
      const key = await this.passkeys.verifyRegistration(tx, site, user.id, response);
      const first = !(await this.hasFactor(tx, user.id));
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into second_factors (user_id, kind, name, credential_id, public_key, counter, transports, confirmed_at)
         values (?, 'PASSKEY', ?, ?, ?, ?, ?, now())
         on conflict (credential_id) do nothing returning id`,
        [user.id, name, key.credentialId, key.publicKey, key.counter, key.transports || null],
      );
      if (!row) throw fail('PASSKEY_ADDED_ALREADY');
      const recoveryCodes = first ? await this.newRecoveryCodes(tx, user.id) : null;
      await this.securityNotice(tx, user.id, 'secondFactorAdded', factorLabel('PASSKEY', name));
      await recordFactor(tx, user.id, 'account.factor_added', { kind: 'PASSKEY', name });
      const [factor] = (await this.list(tx, user.id)).factors.filter((f) => f.id === row.id);
      return { factor, recoveryCodes };
    });
    this.deps.deliver();
    return done;
  }

  /** Renames a factor (the owner's label for a phone or a key), with a fresh proof. */
  async rename(em: EntityManager, user: User, id: number, name: string): Promise<SecondFactorView> {
    authorize(user, 'secondFactor.rename');
    const userId = user.id;
    const rows = await em.execute(
      'update second_factors set name = ? where id = ? and user_id = ? and confirmed_at is not null returning id',
      [name, id, userId],
    );
    if (!rows.length) throw fail('SECOND_FACTOR_NOT_FOUND');
    return (await this.list(em, userId)).factors.find((f) => f.id === id)!;
  }

  /** Starts adding an authenticator app: its secret, as a key to type and a QR code to scan. */
  async startTotp(em: EntityManager, user: User): Promise<{ id: number; secret: string; uri: string; qrSvg: string }> {
    authorize(user, 'secondFactor.add');
    const secret = new Secret({ size: 20 }).base32;
    // One set-up at a time: an earlier unfinished one is dropped.
    await em.execute('delete from second_factors where user_id = ? and confirmed_at is null', [user.id]);
    const [row] = await em.execute<{ id: number }[]>(
      `insert into second_factors (user_id, kind, name, secret) values (?, 'TOTP', 'Authenticator app', ?) returning id`,
      [user.id, encryptSecret(this.deps.secretsKey, secret)],
    );
    const uri = totpOf(secret, user.email).toString();
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { id: row.id, secret, uri, qrSvg };
  }

  /**
   * Finishes the set-up with a code the app shows and a name. The account's first factor comes
   * with ten recovery codes, shown this once.
   */
  async confirmTotp(
    em: EntityManager,
    user: User,
    id: number,
    code: string,
    name: string,
  ): Promise<{ factor: SecondFactorView; recoveryCodes: string[] | null }> {
    authorize(user, 'secondFactor.confirm');
    const done = await em.transactional(async (tx) => {
      const [row] = await tx.execute<{ secret: string }[]>(
        'select secret from second_factors where id = ? and user_id = ? and confirmed_at is null for update',
        [id, user.id],
      );
      if (!row) throw fail('AUTHENTICATOR_SETUP_GONE');
      const step = this.matchingStep(decryptSecret(this.deps.secretsKey, row.secret), user.email, code, null);
      if (step === null) throw fail('AUTHENTICATOR_SETUP_CODE_WRONG');
      const first = !(await this.hasFactor(tx, user.id));
      await tx.execute(
        'update second_factors set name = ?, confirmed_at = now(), last_step = ?, last_used_at = now() where id = ?',
        [name, step, id],
      );
      const recoveryCodes = first ? await this.newRecoveryCodes(tx, user.id) : null;
      await this.securityNotice(tx, user.id, 'secondFactorAdded', `Authenticator app “${name}”`);
      await recordFactor(tx, user.id, 'account.factor_added', { kind: 'TOTP', name });
      const [factor] = (await this.list(tx, user.id)).factors.filter((f) => f.id === id);
      return { factor, recoveryCodes };
    });
    this.deps.deliver();
    return done;
  }

  /** Removes a factor, with a fresh proof (a code: checkProof); the last one takes the recovery codes with it. */
  async remove(em: EntityManager, user: User, id: number, proof: FactorProof): Promise<void> {
    authorize(user, 'secondFactor.remove');
    await this.checkProof(em, user, proof);
    await em.transactional(async (tx) => {
      const [row] = await tx.execute<{ name: string; kind: string }[]>(
        'delete from second_factors where id = ? and user_id = ? and confirmed_at is not null returning name, kind',
        [id, user.id],
      );
      if (!row) throw fail('SECOND_FACTOR_NOT_FOUND');
      if (!(await this.hasFactor(tx, user.id)))
        await tx.execute('delete from recovery_codes where user_id = ?', [user.id]);
      await this.securityNotice(tx, user.id, 'secondFactorRemoved', factorLabel(row.kind, row.name));
      await recordFactor(tx, user.id, 'account.factor_removed', { kind: row.kind, name: row.name });
    });
    this.deps.deliver();
  }

  /** Ten new recovery codes (the old ones stop working), with a fresh proof. */
  async regenerateRecoveryCodes(em: EntityManager, user: User, proof: FactorProof): Promise<string[]> {
    authorize(user, 'recoveryCodes.renew');
    await this.checkProof(em, user, proof);
    if (!(await this.hasFactor(em, user.id))) {
      throw fail('RECOVERY_CODES_NEED_FACTOR');
    }
    return em.transactional(async (tx) => {
      await tx.execute('delete from recovery_codes where user_id = ?', [user.id]);
      await recordFactor(tx, user.id, 'account.recovery_codes_renewed', { count: RECOVERY_CODES });
      return this.newRecoveryCodes(tx, user.id);
    });
  }

  /**
   * Whether `code` is a current code of one of the user's authenticator apps (each step once)
   * or an unused recovery code (spent). Wrong codes are counted where they come from (`source`:
   * its session and its address), so a thief's wrong guesses never lock the owner out.
   */
  async verify(
    em: EntityManager,
    user: { id: number; email: string },
    code: string,
    source: CodeSource = {},
  ): Promise<boolean> {
    return this.guarded(user.id, source, 'SECOND_FACTOR_TRIES_TOO_MANY', () =>
      isTotpCode(code)
        ? this.verifyTotp(em, user, code, source.before)
        : this.useRecoveryCode(em, user.id, code, source.before),
    );
  }

  /**
   * Runs a check of a code or password unless its source is over its count: per session, else per
   * address (WRONG_CODES_PER_MINUTE), and — past WRONG_CODES_PER_ACCOUNT wrong tries at the
   * account from everywhere — only for a source that has not sent a wrong one this minute. A
   * right answer takes its try back.
   */
  private async guarded(
    userId: number,
    source: CodeSource,
    tooMany: RateLimitCode,
    check: () => Promise<boolean>,
  ): Promise<boolean> {
    const { limiter } = this.deps;
    const where = source.sessionId ? `session:${source.sessionId}` : `ip:${source.ip ?? 'unknown'}:${userId}`;
    // A signed-in session's tries are its own (a thief's session cannot spend the owner's); a
    // sign-in's are its address's.
    const own = [`second-factor:${where}`];
    const account = `second-factor:account:${userId}`;
    const firstFromHere = `second-factor:pair:${userId}:${where}`;
    const counted = [...own, account, firstFromHere];
    const [byAccount, first, ...mine] = await Promise.all([
      limiter.hit(account, WRONG_CODES_PER_ACCOUNT),
      limiter.hit(firstFromHere, 1),
      ...own.map((k) => limiter.hit(k, WRONG_CODES_PER_MINUTE)),
    ]);
    if (!mine.every(Boolean) || !(byAccount || first)) {
      await Promise.all(counted.map((k) => limiter.undo(k)));
      throw failWith(tooMany, { retryAfterSeconds: secondsLeftInMinute() });
    }
    const ok = await check();
    if (ok) await Promise.all(counted.map((k) => limiter.undo(k)));
    return ok;
  }

  private async verifyTotp(
    em: EntityManager,
    user: { id: number; email: string },
    code: string,
    before?: Date,
  ): Promise<boolean> {
    return em.transactional(async (tx) => {
      const rows = await tx.execute<{ id: number; secret: string; last_step: string | null }[]>(
        `select id, secret, last_step from second_factors
          where user_id = ? and kind = 'TOTP' and confirmed_at is not null and created_at < coalesce(?::timestamptz, 'infinity')
          for update`,
        [user.id, before ?? null],
      );
      for (const row of rows) {
        const last = row.last_step === null ? null : Number(row.last_step);
        const step = this.matchingStep(decryptSecret(this.deps.secretsKey, row.secret), user.email, code, last);
        if (step === null) continue;
        await tx.execute('update second_factors set last_step = ?, last_used_at = now() where id = ?', [step, row.id]);
        return true;
      }
      return false;
    });
  }

  /** The 30-second step `code` belongs to (this one or a neighbour, for clock drift), if after `after`. */
  private matchingStep(secret: string, label: string, code: string, after: number | null): number | null {
    const token = code.replace(/\s/g, '');
    const delta = totpOf(secret, label).validate({ token, window: 1 });
    if (delta === null) return null;
    const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
    return after !== null && step <= after ? null : step;
  }

  private async useRecoveryCode(em: EntityManager, userId: number, code: string, before?: Date): Promise<boolean> {
    const normalized = normalizeRecovery(code);
    if (!/^[A-Z0-9]{8}$/.test(normalized)) return false;
    const rows = await em.execute(
      `update recovery_codes set used_at = now()
        where id = (select id from recovery_codes where user_id = ? and code_hash = ? and used_at is null
                       and created_at < coalesce(?::timestamptz, 'infinity') limit 1)
        returning id`,
      [userId, sha256(normalized), before ?? null],
    );
    return rows.length > 0;
  }

  private async newRecoveryCodes(em: EntityManager, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, () => {
      const raw = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
      return `${raw.slice(0, 4)}-${raw.slice(4)}`;
    });
    const values = codes.map(() => '(?, ?)').join(', ');
    await em.execute(
      `insert into recovery_codes (user_id, code_hash) values ${values}`,
      codes.flatMap((c) => [userId, sha256(normalizeRecovery(c))]),
    );
    return codes;
  }

  /** The challenge for a proof with one of the account's passkeys (step-up, removing a factor, new codes). */
  proofOptions(em: EntityManager, site: PasskeySite, user: User | null) {
    authorize(user, 'stepUp.prove');
    return this.passkeys.authenticationOptions(em, site, user!.id);
  }

  /**
   * A fresh proof on this session (step-up, lib/step-up.ts): the second factor, or the password
   * where none is added. Answers until when it lets money move and the account change.
   */
  async stepUp(
    em: EntityManager,
    user: User,
    sessionId: string | null,
    proof: FactorProof,
    seconds: number,
  ): Promise<Date> {
    authorize(user, 'stepUp.prove');
    await this.checkProof(em, user, { ...proof, source: { ...proof.source, sessionId } });
    const [row] = await em.execute<{ proved_at: Date }[]>(
      'update sessions set proved_at = now() where id = ? and user_id = ? returning proved_at',
      [sessionId, user.id],
    );
    if (!row) throw fail('SIGN_IN_REQUIRED');
    return new Date(new Date(row.proved_at).getTime() + seconds * 1000);
  }

  /**
   * What removing a factor, renewing codes and step-up ask for: a code when the account has a
   * second factor (its password alone is one stolen thing), else the password. Wrong passwords
   * are counted per account as wrong codes are.
   */
  private async checkProof(em: EntityManager, user: User, proof: FactorProof) {
    const factor = await this.hasFactor(em, user.id);
    if (factor && proof.passkey && proof.site) {
      // The passkey's own check throws when it fails; a right one is the proof.
      await this.passkeys.verifyAuthentication(em, proof.site, proof.passkey, user.id);
      return;
    }
    if (factor && !proof.code) throw fail('PROOF_NEEDS_FACTOR');
    if (!factor && !proof.password) throw fail('PROOF_NEEDS_PASSWORD');
    const source = proof.source ?? {};
    const ok = factor
      ? await this.verify(em, user, proof.code!, source)
      : await this.guarded(user.id, source, 'PASSWORD_TRIES_TOO_MANY', async () => {
          const row = await em.findOne(User, { id: user.id }, { fields: ['passwordHash'] });
          return !!row?.passwordHash && (await argon2.verify(row.passwordHash, proof.password!));
        });
    if (!ok) throw fail('PROOF_WRONG');
  }

  private async securityNotice(
    em: EntityManager,
    userId: number,
    type: 'secondFactorAdded' | 'secondFactorRemoved',
    factor: string,
  ): Promise<void> {
    const [user] = await em.execute<{ email: string }[]>('select email from users where id = ?', [userId]);
    await this.deps.notify(em, {
      userId,
      type,
      key: `${type}:${Date.now()}:${randomInt(1e9)}`,
      params: { factor, email: user.email },
      path: '/security',
    });
  }
}

/** A second factor added or removed, or recovery codes renewed, in the audit trail. */
function recordFactor(
  tx: EntityManager,
  userId: number,
  action: 'account.factor_added' | 'account.factor_removed' | 'account.recovery_codes_renewed',
  what: Record<string, string | number>,
) {
  return recordAudit(tx, {
    actor: accountActor(userId),
    action,
    object: { type: 'user', id: userId },
    ...(action === 'account.factor_removed' ? { before: what } : { after: what }),
  });
}
