import { z } from 'zod';
import { imagePath } from '../../rest/params.ts';
import { TASK_TYPES } from './project.entity.ts';

export const TELEGRAM_HOST = 'https://t.me';
const TELEGRAM_LINK = /^https:\/\/t\.me\/[A-Za-z0-9_+/]+$/;
export const TELEGRAM_LINK_MESSAGE = `The link is not valid, it should start with ${TELEGRAM_HOST}/your_link`;

/** `@name`, `t.me/name` and `http://t.me/name` all become `https://t.me/name`. */
export function normaliseTelegramLink(input: string): string {
  const text = input.trim();
  if (text.startsWith('@')) return `${TELEGRAM_HOST}/${text.slice(1)}`;
  return text.replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\//i, `${TELEGRAM_HOST}/`);
}

export const isTelegramLink = (url: string) => TELEGRAM_LINK.test(url);

/** The username part of a Telegram link, e.g. `mychannel` from https://t.me/mychannel. */
export function telegramUsername(url: string): string | null {
  const m = /^https:\/\/t\.me\/([A-Za-z0-9_]{3,64})(?:[/?]|$)/.exec(normaliseTelegramLink(url));
  return m?.[1] && !m[1].startsWith('+') ? m[1] : null;
}

export const TaskInput = z
  .object({
    type: z.enum(TASK_TYPES, { error: 'Choose the resource type' }),
    title: z.string({ error: 'Resource name is required' }).trim().min(1, 'Resource name is required').max(200),
    url: z.string({ error: 'Resource url is required' }).trim().min(1, 'Resource url is required').max(500),
    logo: imagePath('Resource logo is required', 'Upload the logo as an image'),
    isMiniApp: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    inviteLink: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => (v ? normaliseTelegramLink(v) : null)),
  })
  .transform((t, ctx) => {
    const url = t.type === 'CUSTOM' ? t.url : normaliseTelegramLink(t.url);
    if (t.type !== 'CUSTOM' && !isTelegramLink(url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: TELEGRAM_LINK_MESSAGE });
    }
    if (t.type === 'CUSTOM' && !/^https?:\/\/\S+$/.test(url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'The link is not valid, it should start with https://' });
    }
    if (t.inviteLink && !isTelegramLink(t.inviteLink)) {
      ctx.addIssue({ code: 'custom', path: ['inviteLink'], message: TELEGRAM_LINK_MESSAGE });
    }
    return { ...t, url, isMiniApp: t.type === 'BOT' ? t.isMiniApp : false };
  });
export type TaskInput = z.output<typeof TaskInput>;

const projectFields = {
  title: z.string({ error: 'Project name is required' }).trim().min(1, 'Project name is required').max(120),
  categoryId: z.coerce
    .number({ error: 'Category is required' })
    .int('Category is required')
    .positive('Category is required'),
};

export const CreateProjectInput = z.object({
  ...projectFields,
  tasks: z.array(TaskInput).max(50, 'At most 50 resources at once').default([]),
});
export type CreateProjectInput = z.output<typeof CreateProjectInput>;

/** Existing tasks (with an id) are read-only here: only new ones are added. */
export const UpdateProjectInput = z.object({
  ...projectFields,
  tasks: z
    .array(z.record(z.string(), z.unknown()), { error: 'tasks must be a list' })
    .max(50, 'At most 50 resources at once')
    .default([])
    .transform((items, ctx) => {
      const newTasks: TaskInput[] = [];
      items.forEach((item, index) => {
        if (item.id !== undefined && item.id !== null) return;
        const parsed = TaskInput.safeParse(item);
        if (parsed.success) newTasks.push(parsed.data);
        else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [index, ...issue.path] } as never);
      });
      return newTasks;
    }),
});
export type UpdateProjectInput = z.output<typeof UpdateProjectInput>;

export const SuggestionInput = z.object({
  url: z.string({ error: 'Resource url is required' }).trim().min(1, 'Resource url is required').max(500),
});
