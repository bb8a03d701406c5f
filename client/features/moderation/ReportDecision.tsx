import { t } from '@lingui/core/macro';
import { useMutation } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { SegmentGroup } from '@chakra-ui/react/segment-group';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import type { PlayerReportDecision } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { DecidePlayerReportMutation } from './moderationApi';
import type { ReportRow } from './PlayerReportsTab';
import { Trans } from '@lingui/react/macro';

/** The checkbox of one effect of a decision. */
export function Effect({
  checked,
  onChange,
  disabled,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export type Effects = { voidConversion: boolean; blockPlayer: boolean; pauseCampaign: boolean; askAdvertiser: boolean };

export const NO_EFFECTS: Effects = {
  voidConversion: false,
  blockPlayer: false,
  pauseCampaign: false,
  askAdvertiser: false,
};

/**
 * What a resolution can do for this report. A player's report is about the task: its campaign
 * can be paused and its advertiser asked to fix it (the reporter helped; nothing is done to
 * them). A fraud rule's report is about players: their conversions voided, they blocked.
 */
export function effectsFor(report: Pick<ReportRow, 'reason' | 'playerId' | 'campaign'>): (keyof Effects)[] {
  const task: (keyof Effects)[] = report.campaign ? ['pauseCampaign', 'askAdvertiser'] : [];
  if (report.reason !== 'FRAUD_RULE') return task;
  const players: (keyof Effects)[] = ['voidConversion', 'blockPlayer'];
  return [...players, ...task];
}

/** Resolve (with the effects that fit the report) or dismiss, with a note for the history. */
export function DecisionDialog({
  report,
  open,
  onClose,
  onDone,
}: {
  report: ReportRow;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<PlayerReportDecision>('RESOLVED');
  const [note, setNote] = useState('');
  const [effects, setEffects] = useState<Effects>(NO_EFFECTS);
  const [decide, { loading }] = useMutation(DecidePlayerReportMutation);
  const resolving = status === 'RESOLVED';
  const offered = effectsFor(report);
  const set = (key: keyof Effects) => (checked: boolean) => setEffects((e) => ({ ...e, [key]: checked }));
  const submit = async () => {
    try {
      const chosen = Object.fromEntries(offered.map((k) => [k, resolving && effects[k]]));
      await decide({ variables: { id: report.id, status, note: note.trim() || null, ...chosen } });
      notifySuccess(resolving ? t`Report resolved` : t`Report dismissed`);
      onDone();
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      onExitComplete={() => {
        setStatus('RESOLVED');
        setNote('');
        setEffects(NO_EFFECTS);
      }}
      size="sm"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="decision-dialog">
            {/* Clear of the close button: a long title ("Reject …?") does not run under it. */}
            <Dialog.Header pe="12">
              <Dialog.Title>
                <Trans>Decide report #{report.id}</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DecisionFields
                report={report}
                status={status}
                onStatus={setStatus}
                note={note}
                onNote={setNote}
                effects={effects}
                onEffect={set}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                colorPalette={resolving ? 'brand' : 'red'}
                loading={loading}
                onClick={() => void submit()}
                data-testid="decision-submit"
              >
                {resolving ? t`Resolve` : t`Dismiss`}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** What a decision is: resolve or dismiss, the effects a resolution has, a note. */
export function DecisionFields({
  report,
  status,
  onStatus: setStatus,
  note,
  onNote: setNote,
  effects,
  onEffect: set,
}: {
  report: ReportRow;
  status: PlayerReportDecision;
  onStatus: (status: PlayerReportDecision) => void;
  note: string;
  onNote: (note: string) => void;
  effects: Effects;
  onEffect: (key: keyof Effects) => (checked: boolean) => void;
}) {
  const resolving = status === 'RESOLVED';
  const offered = effectsFor(report);
  const labels = effectLabels(report);
  return (
    <Stack gap="4">
      <SegmentGroup.Root value={status} onValueChange={(e) => setStatus(e.value as PlayerReportDecision)} size="sm">
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'RESOLVED', label: t`Resolve` },
            { value: 'REJECTED', label: t`Dismiss` },
          ]}
        />
      </SegmentGroup.Root>
      <Text fontSize="sm" color="fg.muted">
        {!resolving
          ? t`The report is unfounded: nothing changes for the player, the app or the advertiser.`
          : offered.length
            ? t`The report is right. Choose what happens, in the same step:`
            : t`The report is right. It names no campaign or player to act on: the note records what was done.`}
      </Text>
      {resolving && offered.length > 0 && (
        <Stack gap="3">
          {offered.map((key) => (
            <Effect key={key} checked={effects[key]} onChange={set(key)} testId={`effect-${key}`}>
              {labels[key]}
            </Effect>
          ))}
        </Stack>
      )}
      <FormField
        label={t`Note (optional)`}
        helperText={
          resolving && effects.askAdvertiser
            ? t`Kept in the history and sent to the advertiser`
            : t`Kept in the report’s history`
        }
      >
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={1000} />
      </FormField>
    </Stack>
  );
}

/** What each effect does, said for this report (a whole app's flagged players, or one player). */
export function effectLabels(report: ReportRow): Record<keyof Effects, string> {
  const wholeApp = !report.playerId;
  return {
    voidConversion: wholeApp
      ? t`Void the flagged players’ conversions (those still on hold: the price goes back to the campaign)`
      : t`Void the player’s conversion on this campaign (if still on hold: the price goes back to the campaign, the app’s share is cancelled)`,
    blockPlayer: wholeApp
      ? t`Block the flagged players in ${report.app.title}`
      : t`Block the player in ${report.app.title} (no more tasks there)`,
    pauseCampaign: t`Pause the campaign${report.campaign ? ` “${report.campaign.name}”` : ''} until its advertiser turns it on again`,
    askAdvertiser: t`Ask the advertiser${report.campaign ? `, ${report.campaign.ownerName},` : ''} to look: they are mailed the report and your note`,
  };
}
