import { Button } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { type Area, areas } from '../../lib/areas';

export function RoleSwitcher({ area }: { area: Area }) {
  const navigate = useNavigate();
  const current = areas.find((a) => a.id === area) ?? areas[0];
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
          data-testid="role-switcher"
          aria-label={`Area: ${current.label}`}
        >
          <Stack gap="0" align="flex-start">
            <Text fontWeight="semibold">{current.label}</Text>
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
            {areas.map((option) => (
              <Menu.Item key={option.id} value={option.id} py="2" data-testid={`area-${option.id}`}>
                <Stack gap="0">
                  <Text fontWeight={option.id === area ? 'semibold' : 'medium'}>{option.label}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {option.caption}
                  </Text>
                </Stack>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
