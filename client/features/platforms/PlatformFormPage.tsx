import { Smartphone } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function CreatePlatformPage() {
  return (
    <Page title="New App">
      <EmptyState
        icon={<Smartphone />}
        title="App setup opens soon"
        description="You will set the name, logo, links, awards and showcase look of your app here."
      />
    </Page>
  );
}

export function EditPlatformPage() {
  return (
    <Page title="Edit App">
      <EmptyState
        icon={<Smartphone />}
        title="App setup opens soon"
        description="You will edit the settings and showcase of your app here."
      />
    </Page>
  );
}
