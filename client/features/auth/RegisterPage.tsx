import { Button } from '@chakra-ui/react/button';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { AuthLayout } from './AuthLayout';
import { RegistrationForm } from './RegistrationForm';

export function RegisterPage() {
  const [filedFor, setFiledFor] = useState<string>();

  if (filedFor) {
    return (
      <AuthLayout title="Request sent">
        <EmptyState
          icon={<MailCheck />}
          title="Thank you! Our team will get in touch"
          description={`We review every request by hand. You will hear from us at ${filedFor}, usually within one working day.`}
        >
          <Button asChild variant="outline">
            <Link to="/">Back to the home page</Link>
          </Button>
        </EmptyState>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Request access"
      subtitle={
        <>
          Registration is by request: tell us about yourself and we will get in touch. Already approved?{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="medium">
            <Link to="/login">Sign in</Link>
          </ChakraLink>
        </>
      }
    >
      <RegistrationForm onFiled={setFiledFor} />
      <Text fontSize="xs" color="fg.muted">
        By sending the request you accept the{' '}
        <ChakraLink asChild>
          <Link to="/user-agreement">User Agreement</Link>
        </ChakraLink>{' '}
        and the{' '}
        <ChakraLink asChild>
          <Link to="/privacy-policy">Privacy Policy</Link>
        </ChakraLink>
        .
      </Text>
    </AuthLayout>
  );
}
