import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { IconButton } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';

const themes = [
  { value: 'light', label: msg`Light`, icon: Sun },
  { value: 'dark', label: msg`Dark`, icon: Moon },
  { value: 'system', label: msg`System`, icon: Monitor },
] as const;

/** Light (default), dark or system; next-themes keeps the choice in localStorage. */
export function ThemeMenu() {
  const { theme = 'system', resolvedTheme, setTheme } = useTheme();
  const Current = resolvedTheme === 'dark' ? Moon : Sun;
  const { t } = useLingui();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t`Theme`} data-testid="theme-menu">
          <Current />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.RadioItemGroup value={theme} onValueChange={(e) => setTheme(e.value)}>
              {themes.map(({ value, label, icon: Icon }) => (
                <Menu.RadioItem key={value} value={value}>
                  <Icon size={16} />
                  {t(label)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
