import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { langParams, publicPath } from '../../lib/i18n';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { AuthLayout } from './AuthLayout';
import { RegistrationForm } from './RegistrationForm';

export function RegisterPage() {
  const [filedFor, setFiledFor] = useState<string>();

  if (filedFor) {
    return (
      <AuthLayout title={t`Request sent`}>
        <EmptyState
          icon={<MailCheck />}
          title={t`Thank you! Our team will get in touch`}
          description={t`We review every request by hand. You will hear from us at ${filedFor}, usually within one working day.`}
        >
          <Button asChild variant="outline">
            <a href={publicPath('/')}>{t`Back to the home page`}</a>
          </Button>
        </EmptyState>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t`Request access`}
      subtitle={
        <>
          {t`Registration is by request: tell us about yourself and we will get in touch. Already approved?`}{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="medium">
            <Link to="/{-$lang}/login" params={langParams()}>
              {t`Sign in`}
            </Link>
          </ChakraLink>
        </>
      }
    >
      <RegistrationForm onFiled={setFiledFor} />
      <Text fontSize="xs" color="fg.muted">
        <Trans>
          By sending the request you accept the{' '}
          <ChakraLink href={publicPath('/user-agreement')}>User Agreement</ChakraLink> and the{' '}
          <ChakraLink href={publicPath('/privacy-policy')}>Privacy Policy</ChakraLink>.
        </Trans>
      </Text>
    </AuthLayout>
  );
}
