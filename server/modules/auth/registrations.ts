import type { EntityManager } from '@mikro-orm/postgresql';
import { topics } from '../../lib/pubsub.ts';
import type { NoticeKind } from './account-safety.entity.ts';
import { AccountNotice } from './account-safety.entity.ts';
import type { AuthKit, AuthPartDeps } from './auth-kit.ts';
import type { RegistrationInput } from './auth.inputs.ts';
import { answerLanguage } from '../../lib/language.ts';
import { accountMail } from './mails.ts';
import { RegistrationRequest, registrationView } from './registration-request.entity.ts';
import type { SignInGuard } from './sign-in-guard.ts';

/** What every registration is answered, whether or not the e-mail is known (no enumeration). */
export const REGISTRATION_FILED_MESSAGE =
  'Thank you! We have received your request and will contact you by e-mail once it is reviewed.';

/** Closed registration: requests from the form wait for a moderator (the moderation area's queue). */
export class Registrations {
  constructor(
    private readonly deps: AuthPartDeps,
    private readonly kit: AuthKit,
    private readonly guard: SignInGuard,
  ) {}

  /**
   * Closed registration: the request waits for a moderator. The answer is the same whether or
   * not the e-mail is known, and so is the work before it (the password hashed, one row
   * written and committed): for an e-mail with an account or a request under review the owner
   * is told by mail instead (at most once a day), and nothing else happens.
   */
  async request(em: EntityManager, input: RegistrationInput, ip?: string, acceptLanguage?: string): Promise<void> {
    if (ip) await this.kit.limit([`registration:ip:${ip}`], 'REGISTRATIONS_TOO_MANY');
    const passwordHash = await this.kit.hashPassword(input.password);
    const filed = await em.transactional(async (tx) => {
      // Serialises concurrent requests for one e-mail so the check below cannot race.
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`registration:${input.email}`]);
      const [taken] = await tx.execute<{ account: boolean; pending: boolean }[]>(
        `select exists (select 1 from users where email = ?) as account,
                exists (select 1 from registration_requests where email = ? and status = 'PENDING') as pending`,
        [input.email, input.email],
      );
      if (taken.account || taken.pending) {
        const kind: NoticeKind = taken.account ? 'REGISTRATION_EXISTS' : 'REGISTRATION_PENDING';
        tx.create(AccountNotice, { email: input.email, kind, sentAt: null });
        await tx.flush();
        return { notice: kind };
      }
      const request = tx.create(RegistrationRequest, {
        name: input.name,
        email: input.email,
        passwordHash,
        telegram: input.telegram,
        role: input.role,
        company: input.company,
        comment: input.comment,
        source: 'FORM',
        language: answerLanguage(null, acceptLanguage),
      });
      await tx.flush();
      return { request: registrationView(request) };
    });
    if (filed.request) {
      const view = filed.request;
      this.kit.afterAnswer('registration event', () => this.deps.pubsub.publish(topics.registrationRequests(), view));
      // The applicant hears at once that the request arrived (a known address hears of its account
      // instead); the mail is written after the answer, as the notices are, so both answers take as long.
      this.kit.afterAnswer('registration received', () =>
        this.deps.mailer.send({
          to: input.email,
          ...accountMail('registrationReceived', answerLanguage(null, acceptLanguage), { name: input.name }),
        }),
      );
    } else if (filed.notice) {
      const kind = filed.notice;
      this.kit.afterAnswer('registration notice', () => this.guard.mailNotice(input.email, kind, acceptLanguage));
    }
  }
}
