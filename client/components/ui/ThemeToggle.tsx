import { IconButton } from '@chakra-ui/react/button';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';
import { useHydrated } from '../../lib/useHydrated';

const order = ['light', 'dark', 'system'] as const;
const icons = { light: Sun, dark: Moon, system: Monitor };

/**
 * Public pages cycle light → dark → system with one button; the dashboard uses ThemeMenu.
 * (A menu here would pull the popper machinery into the landing page's initial JS.)
 */
export function ThemeToggle() {
  const { theme: stored, setTheme } = useTheme();
  // The public pages come as HTML rendered for the default theme: the stored choice shows once
  // the page has taken the HTML over (hydration must see what the HTML has).
  const theme = useHydrated() ? stored : undefined;
  const current = order.includes(theme as (typeof order)[number]) ? (theme as (typeof order)[number]) : 'light';
  const next = order[(order.indexOf(current) + 1) % order.length];
  const Icon = icons[current];
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={`Theme: ${current}. Switch to ${next}`}
      title={`Theme: ${current}`}
      data-testid="theme-toggle"
      onClick={() => setTheme(next)}
    >
      <Icon />
    </IconButton>
  );
}
