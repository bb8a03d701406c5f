import { Button } from '@chakra-ui/react/button';
import { CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../lib/i18n';
import { useChooseLanguage } from './useLanguage';

/**
 * The dashboard's language: the nine in their own names, the current one marked. A choice shows
 * at once and is saved on the account (every device, mail and bot message follows it). Opened
 * from the user menu and, on a phone, from the drawer.
 */
export function LanguageDialog({ userId, open, onClose }: { userId: string; open: boolean; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const choose = useChooseLanguage(userId);
  const current = i18n.locale as Language;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="language-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Language</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" role="group" aria-label={t`Languages`}>
                {LANGUAGES.map((language) => (
                  <Button
                    key={language}
                    lang={language}
                    dir="auto"
                    variant={language === current ? 'subtle' : 'outline'}
                    colorPalette={language === current ? 'brand' : 'gray'}
                    justifyContent="space-between"
                    aria-pressed={language === current}
                    data-testid={`language-${language}`}
                    onClick={async () => {
                      if (await choose(language)) onClose();
                    }}
                  >
                    {LANGUAGE_NAMES[language]}
                    {language === current && <Check aria-hidden />}
                  </Button>
                ))}
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
