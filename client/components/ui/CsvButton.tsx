import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadCsv, errorMessage } from '../../lib/api';
import { notifyError } from './toaster';
import { Trans, useLingui } from '@lingui/react/macro';

/** 'Export CSV': downloads what the table's filters select (the server streams the file). */
export function CsvButton({ path, ...rest }: { path: string } & ButtonProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      loading={busy}
      loadingText={t`Exporting`}
      data-testid="export-csv"
      onClick={async () => {
        setBusy(true);
        try {
          await downloadCsv(path);
        } catch (err) {
          notifyError(errorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
      {...rest}
    >
      <Download size={14} /> <Trans>Export CSV</Trans>
    </Button>
  );
}
