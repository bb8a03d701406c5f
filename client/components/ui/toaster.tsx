import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react/toast';

export const TOAST_DURATION = 3000;

/**
 * Toasts at the top right, under the header (4rem high): at the header's height they covered the
 * user menu and the theme switch for their 3 s, so the menu could not be opened after a success.
 */
export const toaster = createToaster({
  placement: 'top-end',
  offsets: { top: '4.75rem', right: '1rem', bottom: '1rem', left: '1rem' },
  pauseOnPageIdle: true,
  duration: TOAST_DURATION,
});

export function notifyError(message: string): void {
  toaster.create({ type: 'error', title: message, duration: TOAST_DURATION });
}

export function notifySuccess(message: string): void {
  toaster.create({ type: 'success', title: message, duration: TOAST_DURATION });
}

export function Toaster() {
  return (
    <Portal>
      {/* While a drawer is open (a report, a campaign under review: at the end side, its title at
          the top and its buttons at the bottom), toasts go to the bottom of the other side, clear
          of it, instead of covering its title. Phones keep them on top: the drawer is the screen. */}
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: '4' }}
        css={{
          '@media screen and (min-width: 48rem)': {
            'body:has(.chakra-drawer__content[data-state="open"]) &': {
              top: 'auto !important',
              bottom: '1rem !important',
              insetInlineEnd: 'auto !important',
              insetInlineStart: '1rem !important',
              alignItems: 'flex-start !important',
            },
          },
        }}
      >
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable !== false && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
