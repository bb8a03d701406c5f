import { ArrowLeftRight, Inbox, LayoutGrid, Send } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';

export function SwapsPage() {
  return (
    <Page title="Swaps" description="Traffic you exchange with other apps, delivered and received.">
      <EmptyState
        icon={<ArrowLeftRight />}
        title="No swaps yet"
        description="A swap starts when an offer is confirmed."
      />
    </Page>
  );
}

export function CatalogPage() {
  return (
    <Page title="Catalog" description="Apps of other partners that are open to swaps.">
      <EmptyState icon={<LayoutGrid />} title="No records found" />
    </Page>
  );
}

export function IncomingPage() {
  return (
    <Page title="Incoming Requests">
      <EmptyState icon={<Inbox />} title="No incoming requests" />
    </Page>
  );
}

export function OutgoingPage() {
  return (
    <Page title="Outgoing Requests">
      <EmptyState icon={<Send />} title="No outgoing requests" />
    </Page>
  );
}
