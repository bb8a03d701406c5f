import { t } from '@lingui/core/macro';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Separator } from '@chakra-ui/react/separator';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { notifyError } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { homePath } from '../../lib/areas';
import { ownRedirect } from '../../lib/guards';
import { setChooseRoleFlag, setToken, takeSessionEndedNote } from '../../lib/session';
import { langParams } from '../../lib/i18n';
import { AuthLayout } from './AuthLayout';
import type { AuthConfig, SecondFactorAsked, SignedIn } from './authApi';
import { authApi } from './authApi';
import { startGoogleSignIn, takeGoogleState } from './google';
import { takeSignInBack } from './signInBack';
import { startTelegramSignIn, takeTelegramResult } from './telegram';
import {
  setTelegramLinkNote,
  type TelegramLinkNote,
  takeTelegramState,
  telegramAccountLabel,
  telegramLinkNote,
} from '../../lib/telegram';
import { Send } from 'lucide-react';
import { LoginForm } from './LoginForm';
import { PasskeyButton } from './PasskeyButton';
import { useAuthConfig } from './useAuthConfig';
import { SecondFactorStepForm, useSecondFactorStep } from './SecondFactorStepForm';

const route = getRouteApi('/guest/{-$lang}/login');

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden>
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const search = route.useSearch();
  const config = useAuthConfig();

  // Read after the first render: the build rendered this page without it.
  const [sessionEnded, setSessionEnded] = useState(false);
  useEffect(() => setSessionEnded(takeSessionEndedNote()), []);

  // `via`: a sign-in through another site, which comes back here (to the page it kept).
  const signIn = (session: SignedIn, via?: 'google' | 'telegram') => {
    const viaGoogle = via === 'google';
    setToken(session.accessToken);
    // Signed in by Telegram: nothing left to link. After a password sign-in a pending link stays,
    // for the dashboard to ask its owner to confirm (TelegramLinkDialog).
    if (via === 'telegram') setTelegramLinkNote(null);
    // A Google account never picked its main area on our form, so it gets the role step once.
    setChooseRoleFlag(viaGoogle);
    const home = homePath(session.user);
    // Back to the page that sent here (a deep link, a session that ended), when it is ours.
    const back = via ? takeSignInBack() : search.redirect;
    const target = ownRedirect(back) ?? home;
    const roleStep = `${target.includes('?') ? '&' : '?'}chooseRole=1`;
    void navigate({ href: viaGoogle ? `${target}${roleStep}` : target, replace: true });
  };

  // A Telegram or Google sign-in of an account with a second factor: the code comes next.
  const [factorStep, askFactor] = useSecondFactorStep();
  const [telegramLink, dropTelegramLink] = useTelegramReturn(
    (session) => signIn(session, 'telegram'),
    (asked) => askFactor({ ...asked, via: 'telegram' }),
  );

  const googleRequestFiled = useGoogleReturn(search, (answer) =>
    'accessToken' in answer ? signIn(answer, 'google') : askFactor({ ...answer, via: 'google' }),
  );

  return (
    <AuthLayout
      title={t`Sign in`}
      subtitle={
        <>
          {t`New here?`}{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="medium">
            <Link to="/{-$lang}/register" params={langParams()}>
              {t`Request access`}
            </Link>
          </ChakraLink>
        </>
      }
    >
      {sessionEnded && (
        <Alert.Root status="info" data-testid="session-ended">
          <Alert.Indicator />
          <Alert.Description>
            {t`You were signed out: this session was ended from another device or by a password change. Sign in again.`}
          </Alert.Description>
        </Alert.Root>
      )}
      {googleRequestFiled && (
        <Alert.Root status="success" data-testid="google-request-filed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`Your registration request was filed`}</Alert.Title>
            <Alert.Description>{t`Our team will review it and get in touch with you soon.`}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {telegramLink && <TelegramLinkAsked note={telegramLink} onDrop={dropTelegramLink} />}
      {factorStep ? (
        <SecondFactorStepForm step={factorStep} onSignedIn={signIn} onDrop={() => askFactor(null)} />
      ) : (
        <LoginForm onSignedIn={(session) => signIn(session)} />
      )}
      {/* In the built page from the start (the passkey's button needs no configuration): a part
          that came with the configuration would move the centred form under a click. */}
      <OtherSignIns
        google={config?.google ?? null}
        telegram={telegramLink || factorStep ? null : (config?.telegram ?? null)}
        passkey
        onSignedIn={(session) => signIn(session)}
        back={ownRedirect(search.redirect) ?? undefined}
      />
    </AuthLayout>
  );
}

/** “or” and the other ways in: a passkey (where the browser has them), Google, Telegram (each when the server has it). */
function OtherSignIns({
  google,
  telegram,
  passkey,
  onSignedIn,
  back,
}: {
  google: AuthConfig['google'];
  telegram: AuthConfig['telegram'];
  passkey: boolean;
  onSignedIn: (session: SignedIn) => void;
  back?: string;
}) {
  if (!google && !telegram && !passkey) return null;
  return (
    <Stack gap="4">
      <HStack>
        <Separator flex="1" />
        <Text flexShrink="0" fontSize="sm" color="fg.muted">
          {t`or`}
        </Text>
        <Separator flex="1" />
      </HStack>
      {passkey && <PasskeyButton onSignedIn={onSignedIn} />}
      {google && (
        <Button variant="outline" size="lg" onClick={() => startGoogleSignIn(google, back)}>
          <GoogleIcon /> {t`Continue with Google`}
        </Button>
      )}
      {telegram && (
        <Button
          variant="outline"
          size="lg"
          data-testid="telegram-sign-in"
          onClick={() => startTelegramSignIn(telegram, back).catch((e) => notifyError(errorMessage(e)))}
        >
          <Send size={18} aria-hidden /> {t`Sign in with Telegram`}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Back from Google with ?code&state: the code flow finished on the server. A signed-in answer
 * (or a second factor's ask) goes to `onAnswer`; true once a registration request was filed.
 */
function useGoogleReturn(
  search: { code?: string; state?: string },
  onAnswer: (answer: SignedIn | SecondFactorAsked) => void,
): boolean {
  const navigate = useNavigate();
  const handledCode = useRef<string>(undefined);
  const [filed, setFiled] = useState(false);
  useEffect(() => {
    const { code, state } = search;
    if (!code || handledCode.current === code) return;
    handledCode.current = code;
    void navigate({ to: '/{-$lang}/login', params: langParams(), search: {}, replace: true });
    if (!takeGoogleState(state)) {
      notifyError(t`Google sign-in failed, please try again`);
      return;
    }
    authApi.google(code).then(
      (answer) => ('registrationRequested' in answer ? setFiled(true) : onAnswer(answer)),
      (error) => notifyError(errorMessage(error)),
    );
  });
  return filed;
}

/**
 * An unlinked Telegram sign-in's pending link (from the Mini App, or back from Telegram's
 * sign-in with `#tgAuthResult`: those fields sign in, or ask for the e-mail once).
 */
function useTelegramReturn(onSignedIn: (session: SignedIn) => void, onFactorAsked: (asked: SecondFactorAsked) => void) {
  const [link, setLink] = useState<TelegramLinkNote | null>(null);
  useEffect(() => setLink(telegramLinkNote()), []);
  useEffect(() => {
    const fields = takeTelegramResult();
    if (!fields) return;
    authApi.telegram({ ...fields, state: takeTelegramState() ?? '' }).then(
      (answer) => {
        if ('accessToken' in answer) {
          onSignedIn(answer);
          return;
        }
        if ('secondFactorRequired' in answer) {
          onFactorAsked(answer);
          return;
        }
        const note = { linkToken: answer.linkToken, message: answer.message, account: answer.account };
        setTelegramLinkNote(note);
        setLink(note);
      },
      (error) => notifyError(errorMessage(error)),
    );
  });
  const drop = () => {
    setTelegramLinkNote(null);
    setLink(null);
  };
  return [link, drop] as const;
}

function linkTitle(note: TelegramLinkNote): string {
  const account = note.account ? telegramAccountLabel(note.account) : '';
  return t`Link Telegram ${account} to your account`;
}

function TelegramLinkAsked({ note, onDrop }: { note: TelegramLinkNote; onDrop: () => void }) {
  return (
    <Alert.Root status="info" data-testid="telegram-link-asked">
      <Send size={18} aria-hidden />
      <Alert.Content>
        <Alert.Title>{linkTitle(note)}</Alert.Title>
        <Alert.Description>{note.message}</Alert.Description>
        <Button variant="plain" size="xs" px="0" alignSelf="start" onClick={onDrop}>
          {t`This is not my Telegram account`}
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
