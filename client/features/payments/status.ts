import type { TransactionStatus } from '../../gql/graphql';

export interface StatusLook {
  label: string;
  /** Chakra palette: warning, success and danger. */
  colorPalette: 'orange' | 'green' | 'red';
}

/** IN_PROGRESS → Pending (warning), DONE → Done (success), FAILED → Failed (danger). */
export const transactionStatus: Record<TransactionStatus, StatusLook> = {
  IN_PROGRESS: { label: 'Pending', colorPalette: 'orange' },
  DONE: { label: 'Done', colorPalette: 'green' },
  FAILED: { label: 'Failed', colorPalette: 'red' },
};
