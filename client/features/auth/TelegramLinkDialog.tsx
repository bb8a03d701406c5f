import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { setTelegramLinkNote, type TelegramLinkNote, telegramAccountLabel, telegramLinkNote } from '../../lib/telegram';
import { authApi } from './authApi';

/**
 * After a password sign-in that followed a sign-in with an unlinked Telegram account: which
 * Telegram account it was, and whether to link it. Nothing is linked unless the owner says so
 * here (a sign-in link someone else made must not attach their Telegram to this account).
 */
export function TelegramLinkDialog({ signedIn }: { signedIn: boolean }) {
  const [note, setNote] = useState<TelegramLinkNote | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (signedIn) setNote(telegramLinkNote());
  }, [signedIn]);
  const close = () => {
    setTelegramLinkNote(null);
    setNote(null);
  };
  const link = async () => {
    if (!note) return;
    setBusy(true);
    try {
      await authApi.confirmTelegramLink(note.linkToken);
      const account = note.account ? telegramAccountLabel(note.account) : '';
      notifySuccess(t`Telegram ${account} is linked: it signs you in from now on`);
      close();
    } catch (error) {
      notifyError(errorMessage(error));
      close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={!!note} onOpenChange={(e) => !e.open && close()} size="sm" placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="telegram-link-confirm">
            <Dialog.Header>
              <HStack gap="2">
                <Send size={18} aria-hidden />
                <Dialog.Title>{t`Link this Telegram account?`}</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontWeight="semibold" fontSize="lg" data-testid="telegram-link-account">
                  {note?.account ? telegramAccountLabel(note.account) : t`A Telegram account`}
                </Text>
                <Text>
                  {t`It will sign in to this account without a password and get its notifications. Link it only if this Telegram account is yours; if you did not just sign in with Telegram, choose “Not mine”.`}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {t`Not mine`}
              </Button>
              <Button colorPalette="brand" loading={busy} onClick={link}>
                {t`Link Telegram`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
