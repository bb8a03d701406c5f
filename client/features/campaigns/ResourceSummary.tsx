import { Avatar } from '@chakra-ui/react/avatar';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { TaskType } from '../../gql/graphql';
import { typeLabels } from '../projects/constants';

/** A resource's logo, title and type: the campaign form's chosen resource and the campaign rows. */
export function ResourceSummary({
  task,
  size = 'sm',
  testId,
}: {
  task: { logo: string; title: string; type: TaskType };
  size?: 'sm' | 'xs';
  testId?: string;
}) {
  return (
    <HStack gap={size === 'sm' ? '3' : '2.5'} minW="0" data-testid={testId}>
      <Avatar.Root size={size} shape="rounded">
        <Avatar.Image src={task.logo} alt="" />
        <Avatar.Fallback name={task.title} />
      </Avatar.Root>
      <Stack gap="0" minW="0">
        <Text
          fontSize={size === 'sm' ? 'md' : 'sm'}
          fontWeight={size === 'sm' ? 'medium' : undefined}
          truncate
          title={task.title}
        >
          {task.title}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {typeLabels[task.type]}
        </Text>
      </Stack>
    </HStack>
  );
}
