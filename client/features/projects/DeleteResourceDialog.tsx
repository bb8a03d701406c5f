import { t } from '@lingui/core/macro';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { deleteTask } from './projectsApi';

import type { Task } from './ResourceTable';
import { Trans } from '@lingui/react/macro';

export function DeleteResourceDialog({
  projectId,
  task,
  onClose,
  onDeleted,
}: {
  projectId: string;
  task: Task | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!task) return;
    setBusy(true);
    try {
      await deleteTask(projectId, task.id);
      notifySuccess(t`Resource successfully deleted`);
      onClose();
      onDeleted();
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const taskTitle = task?.title ?? '';
  return (
    <ConfirmDialog
      open={task !== null}
      title={t`Delete ${taskTitle}?`}
      confirmLabel={t`Delete`}
      loading={busy}
      iconColor="red-500"
      testId="delete-resource-dialog"
      onCancel={onClose}
      onConfirm={() => void remove()}
    >
      <Text>
        <Trans>Warning: all advertising campaigns are deleted along with the resource.</Trans>
      </Text>
    </ConfirmDialog>
  );
}
