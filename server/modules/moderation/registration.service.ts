import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { type PubSub, topics } from '../../graphql/pubsub.ts';
import { RegistrationRequest, type RegistrationStatus } from '../auth/registration-request.entity.ts';
import { registrationView } from '../auth/auth.service.ts';
import { User } from '../users/user.entity.ts';

/** The moderators' queue of registration requests. */
export class RegistrationQueueService {
  constructor(private readonly pubsub: PubSub) {}

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
    return this.decide(em, moderator, id, async (tx, request) => {
      if (await tx.count(User, { email: request.email })) {
        throw conflict('An account with this e-mail already exists');
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
    // The column holds 500 characters; longer must be a clear validation error, not a 500.
    if (reason && reason.trim().length > 500) throw validation('At most 500 characters', 'reason');
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
    return inTransaction(em, this.pubsub, async (tx, emit) => {
      // Row lock: two moderators deciding at once, one wins, the other sees it decided.
      const request = await tx.findOne(RegistrationRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw notFound('Registration request');
      if (request.status !== 'PENDING') {
        throw conflict(`This request was already ${request.status.toLowerCase()}`);
      }
      await apply(tx, request);
      request.decidedAt = new Date();
      request.decidedById = moderator.id;
      await tx.flush();
      emit(topics.registrationRequests(), registrationView(request));
      return request;
    });
  }
}
