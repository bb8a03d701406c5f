import type { TaskType } from '../projects/project.entity.ts';
import { isTelegramLink, telegramUsername } from '../projects/projects.inputs.ts';

/** Where a task sends the player; the click code travels so the advertiser can report the action. */
export function taskLink(
  task: { task_type: TaskType; url: string; invite_link: string | null; is_mini_app: boolean },
  code: string,
  baseUrl: string,
): string {
  switch (task.task_type) {
    case 'CHANNEL':
    case 'CHAT':
      return task.invite_link || task.url;
    case 'SMART_LINK':
      return `${baseUrl}/api/v1/showcase/visit/${code}`;
    case 'BOT': {
      const bot = telegramUsername(task.url);
      return bot ? `https://t.me/${bot}?${task.is_mini_app ? 'startapp' : 'start'}=${code}` : task.url;
    }
    default: {
      const url = new URL(task.url);
      if (isTelegramLink(task.url)) {
        // t.me/bot/app opens a mini app (startapp); t.me/bot starts the bot.
        url.searchParams.set(url.pathname.split('/').filter(Boolean).length > 1 ? 'startapp' : 'start', code);
      } else url.searchParams.set('click', code);
      return url.toString();
    }
  }
}

/** The click code in a task link made by `taskLink` (`start`/`startapp` of bots, `click` of custom links). */
export function clickCodeFromLink(link: string): string | null {
  try {
    const params = new URL(link).searchParams;
    return params.get('start') ?? params.get('startapp') ?? params.get('click');
  } catch {
    return null;
  }
}
