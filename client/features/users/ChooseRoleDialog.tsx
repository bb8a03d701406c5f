import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import { Coins, Megaphone } from 'lucide-react';
import { type DefaultRole, logoTarget } from '../../lib/areas';
import { setChooseRoleFlag } from '../../lib/session';
import { useUpdateDefaultRole } from './useUpdateDefaultRole';
import { Trans } from '@lingui/react/macro';

const choices = [
  {
    role: 'ADVERTISER' as const,
    get title() {
      return t`Advertiser`;
    },
    get caption() {
      return t`Buy traffic in other telegram apps`;
    },
    icon: Megaphone,
  },
  {
    role: 'PUBLISHER' as const,
    get title() {
      return t`Publisher`;
    },
    get caption() {
      return t`Monetize your audience`;
    },
    icon: Coins,
  },
];

/** The role step: asked once after a sign-in that never picked a main area. */
export function ChooseRoleDialog({ open, userId }: { open: boolean; userId: string | undefined }) {
  const navigate = useNavigate();
  const { update, loading } = useUpdateDefaultRole(userId);

  const finish = (role: DefaultRole | null) => {
    setChooseRoleFlag(false);
    void navigate({ to: role ? logoTarget(role) : '.', search: {}, replace: true });
  };

  const choose = async (role: DefaultRole) => {
    if (await update(role)) finish(role);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && finish(null)} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Where do you want to start?</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">
                  <Trans>
                    You can use both areas; this decides where the logo takes you. Change it any time in the user menu.
                  </Trans>
                </Text>
                <SimpleGrid columns={2} gap="3">
                  {choices.map(({ role, title, caption, icon: Icon }) => (
                    <Button
                      key={role}
                      variant="outline"
                      h="auto"
                      py="4"
                      flexDirection="column"
                      gap="2"
                      whiteSpace="normal"
                      loading={loading}
                      onClick={() => void choose(role)}
                    >
                      <Icon />
                      <Text fontWeight="semibold">{title}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {caption}
                      </Text>
                    </Button>
                  ))}
                </SimpleGrid>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
