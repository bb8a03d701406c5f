import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { Link } from '@tanstack/react-router';
import { ShieldOff } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { serverError } from '../../lib/serverError';
import { Trans } from '@lingui/react/macro';

/**
 * A staff page the server refused: to somebody without the role (ask for it), or to staff who
 * must add a second factor first (STAFF_SECOND_FACTOR=required: the way to the Security page).
 */
export function StaffForbidden({ page, who, error }: { page: string; who: string; error: unknown }) {
  const { message } = serverError(error);
  const needsFactor = /second factor/i.test(message);
  return (
    <Page title={page}>
      <EmptyState
        icon={<ShieldOff />}
        title={needsFactor ? t`Add a second factor first` : t`This area is for ${who}`}
        description={needsFactor ? message : t`Ask a staff administrator if you need access.`}
      >
        {needsFactor && (
          <Button asChild data-testid="open-security">
            <Link to="/security">
              <Trans>Open Security</Trans>
            </Link>
          </Button>
        )}
      </EmptyState>
    </Page>
  );
}
