import { z } from 'zod';
import { TaskType } from '../projects/projects.responses.ts';

/** The showcase area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
const ShowcaseAward = z.object({ title: z.string(), logo: z.string(), value: z.number() });
export const ShowcaseListJson = z.object({
  platform: z.object({ id: z.number(), title: z.string(), logo: z.string(), isDarkTheme: z.boolean() }),
  player: z.object({ id: z.number(), firstName: z.string() }),
  debug: z.literal(true).optional(),
  tasks: z.array(
    z.object({
      campaignId: z.union([z.number(), z.literal('debug')]),
      taskType: TaskType,
      title: z.string(),
      logo: z.string(),
      awards: z.array(ShowcaseAward),
      status: z.enum(['AVAILABLE', 'STARTED']),
    }),
  ),
});
export const ShowcaseStartJson = z.object({
  clickId: z.number(),
  link: z.string(),
  taskType: TaskType,
  status: z.literal('STARTED'),
});
export const ShowcaseCheckJson = z.object({
  status: z.enum(['COMPLETED', 'PENDING']),
  awards: z.array(ShowcaseAward),
  message: z.string().optional(),
});
export const ChatMemberResultJson = z.object({ converted: z.number(), voided: z.number() });
