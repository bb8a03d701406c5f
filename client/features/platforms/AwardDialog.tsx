import { t } from '@lingui/core/macro';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { LogoField } from '../projects/ResourceFields';
import { type AwardItem, newAwardKey, validateAward } from './platform';
import { Trans } from '@lingui/react/macro';

export type AwardDialogMode = { kind: 'create' } | { kind: 'edit'; award: AwardItem };

interface AwardDialogProps {
  mode: AwardDialogMode | null;
  awards: AwardItem[];
  upload: (file: File) => Promise<string>;
  onClose: () => void;
  onCreate: (award: AwardItem) => void;
  onUpdate: (key: string, title: string, logo: string) => void;
  onDelete: (key: string) => void;
}

/**
 * Award modal, create and edit modes. It only reports the change; the page
 * applies it to the awards and every service (awardsReducer), and it is saved with the form.
 */
export function AwardDialog({ mode, awards, upload, onClose, onCreate, onUpdate, onDelete }: AwardDialogProps) {
  const editing = mode?.kind === 'edit' ? mode.award : null;
  const { title, setTitle, logo, setLogo, errors, tried, check, save } = useAwardForm({
    mode,
    awards,
    editing,
    done: (award) => {
      if (editing) onUpdate(editing.key, award.title, award.logo);
      else onCreate({ key: newAwardKey(), id: null, ...award });
      onClose();
    },
  });

  return (
    <Dialog.Root
      open={mode !== null}
      onOpenChange={(e) => !e.open && onClose()}
      size="sm"
      placement="center"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="award-dialog">
            <form
              noValidate
              aria-label={editing ? t`Edit award` : t`New award`}
              onSubmit={(e) => {
                e.preventDefault();
                e.stopPropagation();
                save();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{editing ? t`Edit award` : t`New award`}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormField label={t`Award name`} error={errors.title}>
                    <Input
                      value={title}
                      placeholder={t`Coins`}
                      autoFocus
                      onChange={(e) => {
                        setTitle(e.target.value);
                        if (tried) check({ title: e.target.value, logo });
                      }}
                    />
                  </FormField>
                  <LogoField
                    logo={logo}
                    title={title}
                    error={errors.logo}
                    upload={upload}
                    onUploaded={(path) => {
                      setLogo(path);
                      if (tried) check({ title, logo: path });
                    }}
                    onRejected={() => {}}
                  />
                </Stack>
              </Dialog.Body>
              <AwardFooter
                editing={Boolean(editing)}
                onDelete={() => {
                  if (editing) onDelete(editing.key);
                  onClose();
                }}
                onCancel={onClose}
              />
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The award's name and logo, checked (after the first try, as they change) and saved. */
function useAwardForm({
  mode,
  awards,
  editing,
  done,
}: {
  mode: AwardDialogProps['mode'];
  awards: AwardDialogProps['awards'];
  editing: { key: string; title: string; logo: string } | null;
  done: (award: { title: string; logo: string }) => void;
}) {
  const [title, setTitle] = useState('');
  const [logo, setLogo] = useState('');
  const [errors, setErrors] = useState<{ title?: string; logo?: string }>({});
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!mode) return;
    setTitle(editing?.title ?? '');
    setLogo(editing?.logo ?? '');
    setErrors({});
    setTried(false);
  }, [mode, editing]);

  const check = (next: { title: string; logo: string }) => {
    const found = validateAward(next, awards, editing?.key ?? null);
    setErrors(found);
    return found;
  };

  const save = () => {
    setTried(true);
    const found = check({ title, logo });
    if (found.title || found.logo) return;
    done({ title: title.trim(), logo });
  };

  return { title, setTitle, logo, setLogo, errors, tried, check, save };
}

/** Delete (when editing), Cancel and Save. */
function AwardFooter({
  editing,
  onDelete,
  onCancel,
}: {
  editing: boolean;
  onDelete: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Footer justifyContent="space-between">
      {editing ? (
        <Button variant="ghost" colorPalette="red" onClick={onDelete}>
          <Trash2 /> <Trans>Delete award</Trans>
        </Button>
      ) : (
        <span />
      )}
      <Stack direction="row" gap="2">
        <Button variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" colorPalette="brand">
          {editing ? t`Save award` : t`Add award`}
        </Button>
      </Stack>
    </Dialog.Footer>
  );
}
