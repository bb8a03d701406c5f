import { z } from 'zod';
import { Time, IdTitle } from '../../rest/responses.ts';
import { TASK_TYPES } from './project.entity.ts';

/** The projects area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
export const TaskType = z.enum(TASK_TYPES);

export const TaskJson = z.object({
  id: z.number(),
  createdAt: Time,
  projectId: z.number(),
  type: TaskType,
  taskType: TaskType,
  title: z.string(),
  url: z.string(),
  logo: z.string(),
  isMiniApp: z.boolean(),
  inviteLink: z.string().nullable(),
  verificationCode: z.string(),
  verificationLink: z.string().nullable(),
  isVerifiedSource: z.boolean(),
});
export const ProjectJson = z.object({
  id: z.number(),
  createdAt: Time,
  title: z.string(),
  categoryId: z.number(),
  category: IdTitle,
  tasksCount: z.number(),
  logo: z.string().nullable(),
  tasks: z.array(TaskJson),
  /** The version the project is at (also its ETag): send it as If-Match to change it only if nobody else did. */
  version: z.number(),
  /** Only where the owner reads one project. */
  secretKey: z.string().optional(),
});
export const SuggestionJson = z.object({
  title: z.string(),
  logo: z.string().nullable(),
  taskType: TaskType,
  url: z.string(),
});
const ConversionOutcomeJson = z.object({
  conversionId: z.number().nullable(),
  status: z.enum(['COMPLETED', 'DUPLICATE', 'NOT_NEW']),
});
export const SdkEventJson = z.union([
  z.object({ taskId: z.number(), isVerifiedSource: z.literal(true) }),
  ConversionOutcomeJson,
  z.object({
    results: z.array(
      z.union([
        ConversionOutcomeJson,
        z.object({
          status: z.literal('ERROR'),
          httpStatus: z.number().int(),
          error: z.string(),
          code: z.string(),
          params: z.record(z.string(), z.string()).optional(),
        }),
      ]),
    ),
  }),
]);
