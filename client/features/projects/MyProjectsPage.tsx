import { Flex } from '@chakra-ui/react/flex';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FolderPlus } from 'lucide-react';
import { Page } from '../../components/ui/Page';

// Projects arrive with the projects work; until then the grid holds only the add card, shown as not yet available.
export function MyProjectsPage() {
  return (
    <Page title="My Projects" description="Group your bots, channels, chats and links into projects.">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="5">
        <Flex
          aria-disabled
          data-testid="add-project-card"
          direction="column"
          align="center"
          justify="center"
          gap="3"
          minH="44"
          borderWidth="2px"
          borderStyle="dashed"
          borderRadius="2xl"
          color="fg.muted"
          bg="bg.subtle"
        >
          <FolderPlus size={28} />
          <Stack gap="0" align="center">
            <Text fontWeight="semibold" color="fg">
              Add New Project
            </Text>
            <Text fontSize="sm">Project creation opens soon</Text>
          </Stack>
        </Flex>
      </SimpleGrid>
    </Page>
  );
}
