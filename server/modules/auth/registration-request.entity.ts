import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { DEFAULT_ROLES } from '../users/user.entity.ts';

export const REGISTRATION_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const RegistrationRequest = defineEntity({
  name: 'RegistrationRequest',
  tableName: 'registration_requests',
  indexes: [
    { properties: ['status', 'createdAt'] },
    {
      // At most one request under review per e-mail, whatever races the application allows.
      name: 'registration_requests_pending_email',
      expression:
        'create unique index "registration_requests_pending_email" on "registration_requests" ("email") where "status" = \'PENDING\'',
    },
  ],
  properties: {
    id: idColumn(),
    ...timestamps(),
    name: p.string().length(120),
    email: p.string().length(254).index(),
    // Null when the request came through Google sign-in.
    passwordHash: p.string().length(255).nullable(),
    telegram: p.string().length(64).nullable(),
    role: p.enum([...DEFAULT_ROLES]),
    company: p.string().length(200).nullable(),
    comment: p.text().nullable(),
    source: p.enum(['FORM', 'GOOGLE']).default('FORM'),
    status: p.enum([...REGISTRATION_STATUSES]).default('PENDING'),
    decidedAt: p.datetime().nullable(),
    decidedById: p.integer().nullable(),
    declineReason: p.string().length(500).nullable(),
    userId: p.integer().nullable(),
    // When the applicant was mailed the decision (null: not yet; a job mails what was missed).
    decisionMailedAt: p.datetime().nullable(),
    // The language the request was sent in (one of the nine; the decision's mail is in it).
    language: p.string().length(8).nullable(),
  },
});
export type RegistrationRequest = InferEntity<typeof RegistrationRequest>;

export interface RegistrationRequestView {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  telegram: string | null;
  company: string | null;
  comment: string | null;
  role: RegistrationRequest['role'];
  source: RegistrationRequest['source'];
  status: RegistrationRequest['status'];
  decidedAt: string | null;
  declineReason: string | null;
}

/** Plain JSON, so it can travel through Redis to other instances. */
export function registrationView(r: RegistrationRequest): RegistrationRequestView {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    name: r.name,
    email: r.email,
    telegram: r.telegram ?? null,
    company: r.company ?? null,
    comment: r.comment ?? null,
    role: r.role,
    source: r.source,
    status: r.status,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    declineReason: r.declineReason ?? null,
  };
}
