import { Button } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { type Area, areas } from '../../lib/areas';

/** The staff and settings pages' names (HomeLayout's `staffPageOf`), in the reader's language. */
const STAFF_PAGE_NAMES: Record<string, MessageDescriptor> = {
  Moderation: msg`Moderation`,
  Finance: msg`Finance`,
  Staff: msg`Staff`,
  Audit: msg`Audit`,
  Security: msg`Security`,
  Notifications: msg`Notifications`,
  Accounts: msg`Accounts`,
};

/**
 * The area the page belongs to, and the menu to go to another. On a staff page (`staffPage`:
 * the moderation queue, finance) it names that page instead: no area is current.
 */
export function RoleSwitcher({ area, staffPage }: { area: Area; staffPage?: string }) {
  const navigate = useNavigate();
  const { _ } = useLingui();
  const inArea = areas.find((a) => a.id === area) ?? areas[0];
  const current = staffPage
    ? {
        label: _(STAFF_PAGE_NAMES[staffPage] ?? msg`Moderation`),
        caption:
          staffPage === 'Accounts'
            ? _(msg`Every account you are in · switch to an area`)
            : staffPage === 'Notifications' || staffPage === 'Security'
              ? _(msg`Your settings · switch to an area`)
              : _(msg`Staff · switch to an area`),
      }
    : { label: _(inArea.label), caption: _(inArea.caption) };
  return (
    <Menu.Root
      onSelect={(e) => void navigate({ to: areas.find((a) => a.id === e.value)?.home ?? '/advertiser/projects' })}
    >
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          h="auto"
          py="1.5"
          px={{ base: '1.5', sm: '2.5' }}
          minW="0"
          flexShrink={1}
          data-testid="role-switcher"
          title={_(msg`Switch area`)}
        >
          <Stack gap="0" align="flex-start" minW="0">
            <Text fontWeight="semibold" truncate maxW="full">
              {current.label}
            </Text>
            <Text fontSize="xs" color="fg.muted" fontWeight="normal" display={{ base: 'none', sm: 'block' }}>
              {current.caption}
            </Text>
          </Stack>
          <ChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64">
            {/* A radio group, so assistive tech announces which area is the current one. */}
            <Menu.RadioItemGroup value={staffPage ? '' : area}>
              {areas.map((option) => (
                <Menu.RadioItem key={option.id} value={option.id} py="2" data-testid={`area-${option.id}`}>
                  <Stack gap="0" flex="1">
                    <Text fontWeight={option.id === area && !staffPage ? 'semibold' : 'medium'}>{_(option.label)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {_(option.caption)}
                    </Text>
                  </Stack>
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
