import { fail } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import { LockMode } from '@mikro-orm/core';
import { personActor, recordAudit } from '../audit/record.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../db/transaction.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { RegistrationRequest, type RegistrationStatus } from '../auth/registration-request.entity.ts';
import { registrationView } from '../auth/registration-request.entity.ts';
import { User } from '../users/user.entity.ts';
import type { Logger } from 'pino';
import { Background } from '../../lib/background.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { languageOf } from '../../../shared/languages.ts';
import { decisionMail } from './decision-mail.ts';

/** How long a decision may wait for its mail before the job sends it (the answer's own send first). */
const DECISION_MAIL_GRACE_MS = 60_000;
/** Decisions older than this are not mailed any more (a queue down for days does not mail stale news). */
const DECISION_MAIL_MAX_AGE_MS = 7 * 24 * 3600_000;

/** The moderators' queue of registration requests; the applicant hears of each decision by mail. */
export class RegistrationQueueService {
  constructor(
    private readonly deps: {
      pubsub: PubSub;
      mailer: Mailer;
      /** The product's address, for the sign-in link. */
      appUrl: () => string;
      /** A fresh EntityManager for the mail sent after the answer. */
      em: () => EntityManager;
      log: Logger;
    },
  ) {
    this.background = new Background(deps.log);
  }

  private readonly background: Background;

  /** Waits for the decision mails started after answers (shutdown, tests). */
  idle(): Promise<void> {
    return this.background.idle();
  }

  async list(em: EntityManager, opts: { status?: RegistrationStatus | null; page: number; limit: number }) {
    const where = opts.status ? { status: opts.status } : {};
    const [data, total] = await em.findAndCount(RegistrationRequest, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: opts.limit,
      offset: (opts.page - 1) * opts.limit,
    });
    return { data, total };
  }

  /** Approval activates the account with the password the applicant chose. */
  approve(em: EntityManager, moderator: User, id: number) {
    authorize(moderator, 'registration.decide');
    return this.decide(em, moderator, id, async (tx, request) => {
      if (await tx.count(User, { email: request.email })) {
        throw fail('REGISTRATION_EMAIL_TAKEN');
      }
      const user = tx.create(User, {
        name: request.name,
        email: request.email,
        passwordHash: request.passwordHash,
        defaultRole: request.role,
        telegram: request.telegram,
        company: request.company,
      });
      await tx.flush();
      request.status = 'APPROVED';
      request.userId = user.id;
    });
  }

  decline(em: EntityManager, moderator: User, id: number, reason: string | null) {
    authorize(moderator, 'registration.decide');
    // The column holds 500 characters; longer must be a clear validation error, not a 500.
    if (reason && reason.trim().length > 500) throw fail('REASON_TOO_LONG');
    return this.decide(em, moderator, id, async (_tx, request) => {
      request.status = 'DECLINED';
      request.declineReason = reason?.trim() || null;
    });
  }

  private decide(
    em: EntityManager,
    moderator: User,
    id: number,
    apply: (tx: EntityManager, request: RegistrationRequest) => Promise<void>,
  ): Promise<RegistrationRequest> {
    const decided = inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      // Row lock: two moderators deciding at once, one wins, the other sees it decided.
      const request = await tx.findOne(RegistrationRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw fail('REGISTRATION_REQUEST_NOT_FOUND');
      if (request.status !== 'PENDING') {
        const by = request.decidedById
          ? await tx.findOne(User, { id: request.decidedById }, { fields: ['name'] })
          : null;
        const status = request.status.toLowerCase();
        throw by
          ? fail('REGISTRATION_DECIDED_BY', { status, name: by.name })
          : fail('REGISTRATION_DECIDED', { status });
      }
      await apply(tx, request);
      request.decidedAt = new Date();
      request.decidedById = moderator.id;
      await tx.flush();
      await recordAudit(tx, {
        actor: personActor(moderator),
        action: (request.status as string) === 'APPROVED' ? 'registration.approved' : 'registration.declined',
        object: { type: 'registration', id: request.id },
        before: { status: 'PENDING' },
        after: {
          status: request.status,
          email: request.email,
          ...(request.userId ? { userId: request.userId } : {}),
          ...(request.declineReason ? { reason: request.declineReason } : {}),
        },
      });
      emit(topics.registrationRequests(), registrationView(request));
      return request;
    });
    // Once committed, the applicant is told (a failure is logged; the job sends it later).
    return decided.then((request) => {
      this.background.start(`registration decision mail of request ${request.id}`, () =>
        this.mailDecision(this.deps.em(), request.id),
      );
      return request;
    });
  }

  /**
   * Mails the applicant the decision on request `id` unless it was mailed already: a sign-in
   * link when approved, the moderator's reason when declined. Marked mailed after the send: a
   * crash in between mails twice rather than never.
   */
  async mailDecision(em: EntityManager, id: number): Promise<boolean> {
    const request = await em.findOne(RegistrationRequest, { id, decisionMailedAt: null, status: { $ne: 'PENDING' } });
    if (!request) return false;
    const mail = decisionMail(languageOf(request.language), {
      approved: request.status === 'APPROVED',
      google: request.source === 'GOOGLE',
      name: request.name,
      reason: request.declineReason ?? null,
      appUrl: this.deps.appUrl(),
    });
    await this.deps.mailer.send({ to: request.email, ...mail });
    await em.nativeUpdate(RegistrationRequest, { id, decisionMailedAt: null }, { decisionMailedAt: new Date() });
    return true;
  }

  /** The job's round: decisions whose mail did not go out with the answer (a failure, a crash). */
  async mailMissedDecisions(em: EntityManager): Promise<number> {
    const now = Date.now();
    const missed = await em.find(
      RegistrationRequest,
      {
        status: { $ne: 'PENDING' },
        decisionMailedAt: null,
        decidedAt: { $lt: new Date(now - DECISION_MAIL_GRACE_MS), $gt: new Date(now - DECISION_MAIL_MAX_AGE_MS) },
      },
      { fields: ['id'], orderBy: { decidedAt: 'asc' }, limit: 100 },
    );
    let sent = 0;
    for (const { id } of missed) if (await this.mailDecision(em.fork(), id)) sent++;
    return sent;
  }
}
