import { initialsOf } from '../../lib/initials';
import type { ResourceValues } from './resource';

// Dark enough behind white letters (WCAG AA at this size), one per title.
const BACKGROUNDS = ['#1d4ed8', '#7c3aed', '#be185d', '#b45309', '#047857', '#0e7490', '#4338ca', '#9f1239'];

/** A 256 px square PNG of the initials on a colour of its own, drawn by the browser (its fonts know every script); null where there is no canvas. */
export async function drawInitials(title: string): Promise<File | null> {
  const letters = initialsOf(title);
  if (!letters || typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = 256;
  canvas.height = 256;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!ctx) return null;
  let hash = 0;
  for (const ch of title) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  ctx.fillStyle = BACKGROUNDS[hash % BACKGROUNDS.length]!;
  ctx.fillRect(0, 0, 256, 256);
  ctx.fillStyle = '#ffffff';
  ctx.font = '600 104px system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(letters, 128, 134);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? new File([blob], 'initials.png', { type: 'image/png' }) : null;
}

/**
 * Before a form's check: each new resource with a name and no logo gets its initials picture
 * (the one the form already shows), uploaded like any logo. Where it cannot be drawn or sent,
 * the logo stays empty and the check says a logo is required, as before.
 */
export async function fillInitialsLogos(
  tasks: ResourceValues[],
  setLogo: (index: number, path: string) => void,
  upload: (file: File) => Promise<string>,
  draw: (title: string) => Promise<File | null> = drawInitials,
): Promise<void> {
  await Promise.all(
    tasks.map(async (task, i) => {
      if (!task.isNew || task.logo || !task.title.trim()) return;
      try {
        const file = await draw(task.title);
        if (file) setLogo(i, await upload(file));
      } catch {
        // Left empty: the check asks for a logo.
      }
    }),
  );
}

/** A form holding new resources (the project dialog's, the resource dialog's). */
interface TasksForm {
  getValues(name: 'tasks'): ResourceValues[];
  setValue(name: `tasks.${number}.logo`, value: string, options?: { shouldDirty?: boolean }): void;
}

/** Forms whose submit is under way (a second press while the pictures upload sends nothing twice). */
const submitting = new WeakSet<TasksForm>();

/** The form's submit: initials pictures first for resources with none, then the form's own check and send. */
export function submitWithInitials(
  form: TasksForm,
  services: { upload(file: File): Promise<string>; drawInitials?(title: string): Promise<File | null> },
  check: () => Promise<void>,
) {
  return async (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    if (submitting.has(form)) return;
    submitting.add(form);
    try {
      await fillInitialsLogos(
        form.getValues('tasks') ?? [],
        (i, path) => form.setValue(`tasks.${i}.logo`, path, { shouldDirty: true }),
        services.upload,
        services.drawInitials,
      );
      await check();
    } finally {
      submitting.delete(form);
    }
  };
}
