import { t } from '@lingui/core/macro';
import { useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Code } from '@chakra-ui/react/code';
import { Dialog } from '@chakra-ui/react/dialog';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { CopyButton } from '../../components/ui/CopyButton';
import { ProjectKeyQuery, SystemBotQuery } from './projectsApi';

import type { Task } from './ResourceTable';
import { Trans } from '@lingui/react/macro';

function CodeBlock({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <Box position="relative">
      <Code
        as="pre"
        display="block"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        p="3"
        pr="10"
        borderRadius="md"
        fontSize="xs"
        w="full"
        data-testid={testId}
      >
        {value}
      </Code>
      <CopyButton value={value} label={label} position="absolute" top="1" right="1" />
    </Box>
  );
}

/** How to integrate: the bot's verification link and the HTTP call with the project key. */
export function SdkDetailsDialog({
  projectId,
  task,
  onClose,
}: {
  projectId: string;
  task: Task | null;
  onClose: () => void;
}) {
  const key = useQuery(ProjectKeyQuery, { variables: { id: projectId }, skip: !task });
  const bot = useQuery(SystemBotQuery, { skip: !task });
  const secretKey = key.data?.project.secretKey ?? '<API key>';
  const endpoint = `${window.location.origin}/api/v1/sdk/events`;
  const body = JSON.stringify({ type: 'verification', code: task?.verificationCode ?? '' });
  const curl = `curl -X POST '${endpoint}' \\\n  -H 'Content-Type: application/json' \\\n  -H 'X-Api-Key: ${secretKey}' \\\n  -d '${body}'`;
  const isChat = task?.type === 'CHANNEL' || task?.type === 'CHAT';
  const systemBot = bot.data?.settings.telegramSystemBot;
  const botName = systemBot ? `@${systemBot}` : t`our system bot`;

  return (
    <Dialog.Root open={task !== null} onOpenChange={(e) => !e.open && onClose()} size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="sdk-details-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>SDK details</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {task && (
                <Stack gap="4">
                  <HStack gap="3">
                    <Text fontWeight="semibold">{task.title}</Text>
                    {task.isVerifiedSource ? (
                      <Badge colorPalette="green">
                        <Trans>SDK Active</Trans>
                      </Badge>
                    ) : (
                      <Badge colorPalette="gray">{isChat ? t`Bot not an admin yet` : t`SDK not set up`}</Badge>
                    )}
                  </HStack>
                  {isChat ? (
                    <Text>
                      {task.type === 'CHANNEL'
                        ? t`Add ${botName} to the channel as an administrator, then press Check SDK.`
                        : t`Add ${botName} to the chat as an administrator, then press Check SDK.`}
                    </Text>
                  ) : (
                    <>
                      {task.verificationLink && (
                        <VerificationLink link={task.verificationLink} code={task.verificationCode ?? ''} />
                      )}
                      <Stack gap="1">
                        <Text fontWeight="medium">
                          {task.verificationLink ? '2. ' : ''}
                          {task.type === 'BOT'
                            ? t`Your bot sends the code with the project API key`
                            : t`Your server sends the code with the project API key`}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          <Trans>
                            POST {endpoint} with the header X-Api-Key. The resource turns SDK Active at once.
                          </Trans>
                        </Text>
                        <CodeBlock value={curl} label={t`Copy request`} testId="sdk-http-example" />
                      </Stack>
                    </>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>
                <Trans>Close</Trans>
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

/** Step 1 for a bot: the link that starts it with the verification code. */
function VerificationLink({ link, code }: { link: string; code: string }) {
  return (
    <Stack gap="1">
      <Text fontWeight="medium">
        <Trans>1. Open your bot with the verification link</Trans>
      </Text>
      <Text fontSize="sm" color="fg.muted">
        <Trans>Your bot receives the start parameter wg_vf_{code}.</Trans>
      </Text>
      <HStack gap="1">
        <ChakraLink
          href={link}
          target="_blank"
          rel="noreferrer"
          color="brand.fg"
          wordBreak="break-all"
          data-testid="verification-link"
        >
          {link}
        </ChakraLink>
        <CopyButton value={link} label={t`Copy verification link`} />
      </HStack>
    </Stack>
  );
}
