import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { Category } from '../lookups/lookups.entity.ts';
import { User } from '../users/user.entity.ts';

export const TASK_TYPES = ['CHAT', 'CHANNEL', 'BOT', 'SMART_LINK', 'CUSTOM'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const Project = defineEntity({
  name: 'Project',
  tableName: 'projects',
  properties: {
    id: idColumn(),
    ...timestamps(),
    ownerId: p.manyToOne(User).mapToPk().fieldName('owner_id').index(),
    title: p.string().length(120),
    categoryId: p.manyToOne(Category).mapToPk().fieldName('category_id'),
    // The API key is shown again in the key modal, so it is encrypted (not hashed) at rest;
    // the hash finds the project when an integration presents the key.
    secretKeyEnc: p.string().length(300),
    secretKeyHash: p.string().length(64).unique(),
    /** Bumped by every change a person saves (teams: a stale `If-Match` / `expectedVersion` answers 412). */
    version: p.integer().default(1),
  },
});
export type Project = InferEntity<typeof Project>;

/** An advertising resource of a project: a bot, channel, chat, smart link or custom link. */
export const Task = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  // updatedAt: the showcase's sweep reads what was written since its last look.
  indexes: [{ properties: ['projectId', 'id'] }, { properties: ['updatedAt'] }],
  properties: {
    id: idColumn(),
    ...timestamps(),
    projectId: p.manyToOne(Project).mapToPk().fieldName('project_id').deleteRule('cascade'),
    type: p.enum([...TASK_TYPES]),
    title: p.string().length(200),
    url: p.string().length(500),
    logo: p.string().length(500),
    isMiniApp: p.boolean().default(false),
    inviteLink: p.string().length(500).nullable(),
    verificationCode: p.string().length(32).unique(),
    isVerifiedSource: p.boolean().default(false),
    verifiedAt: p.datetime().nullable(),
  },
});
export type Task = InferEntity<typeof Task>;
