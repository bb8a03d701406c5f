import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';
import { useHydrated } from '../../lib/useHydrated';

const order = ['light', 'dark', 'system'] as const;
type Choice = (typeof order)[number];
const icons = { light: Sun, dark: Moon, system: Monitor };
const nextOf = (theme: Choice) => order[(order.indexOf(theme) + 1) % order.length];

/** The button's words: English unless the page passes its language's (the landing page and policies do). */
export interface ThemeLabels extends Record<Choice, string> {
  name: (theme: string, next: string) => string;
  title: (theme: string) => string;
}
const ENGLISH: ThemeLabels = {
  light: 'light',
  dark: 'dark',
  system: 'system',
  name: (theme, next) => `Theme: ${theme}. Switch to ${next}`,
  title: (theme) => `Theme: ${theme}`,
};

/**
 * The stored choice as the build's HTML shows it before the app runs: all three icons, of which
 * CSS shows the one `<html data-theme-choice>` names (set by an inline script in <head> before
 * the first paint, scripts/prerender.mjs); the hidden ones are out of the accessibility tree too,
 * so the button's name is the shown one's text.
 */
const beforeApp = {
  '& [data-theme-icon]': { display: 'none' },
  ...Object.fromEntries(
    order.map((t) => [
      `html[data-theme-choice="${t}"] & [data-theme-icon="${t}"]${t === 'system' ? ', html:not([data-theme-choice]) & [data-theme-icon="system"]' : ''}`,
      { display: 'inline-flex' },
    ]),
  ),
};

/**
 * Public pages cycle light → dark → system with one button; the dashboard uses ThemeMenu.
 * (A menu here would pull the popper machinery into the landing page's initial JS.)
 */
export function ThemeToggle({ labels = ENGLISH }: { labels?: ThemeLabels }) {
  const { theme: stored, setTheme } = useTheme();
  // The public pages come as HTML: hydration must see what the HTML has, and the HTML cannot
  // know the stored choice (above); once the page is the app's, the choice is rendered.
  if (!useHydrated()) {
    return (
      <IconButton variant="ghost" size="sm" data-testid="theme-toggle" css={beforeApp}>
        {order.map((t) => {
          const Icon = icons[t];
          return (
            <Box as="span" key={t} data-theme-icon={t}>
              <Icon aria-hidden />
              <VisuallyHidden>{labels.name(labels[t], labels[nextOf(t)])}</VisuallyHidden>
            </Box>
          );
        })}
      </IconButton>
    );
  }
  const current: Choice = order.includes(stored as Choice) ? (stored as Choice) : 'system';
  const next = nextOf(current);
  const Icon = icons[current];
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={labels.name(labels[current], labels[next])}
      title={labels.title(labels[current])}
      data-testid="theme-toggle"
      onClick={() => setTheme(next)}
    >
      <Icon />
    </IconButton>
  );
}
