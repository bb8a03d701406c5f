import { NativeSelect } from '@chakra-ui/react/native-select';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { TableState } from '../../lib/tableState';
import { Pagination } from './Pagination';
import { formatCount } from '../../lib/locale';

export {
  initialTableState,
  NO_RECORDS,
  TABLE_DEFAULT_SIZE,
  TABLE_PAGE_SIZES,
  type TableState,
  tableVariables,
} from '../../lib/tableState';
import { Trans, useLingui } from '@lingui/react/macro';

/** Rows per page, the range shown, and the page buttons. */
export function Pager<S extends string>({
  label,
  state,
  onStateChange,
  pageSizes,
  totalCount,
  pages,
  from,
  to,
}: {
  label: string;
  state: TableState<S>;
  onStateChange: (next: TableState<S>) => void;
  pageSizes: readonly number[];
  totalCount: number;
  pages: number;
  from: number;
  to: number;
}) {
  const { t } = useLingui();
  // The language's digits and grouping ("۱–۱۰ از ۲۳", "1–10 of 1,234").
  const [first, last, total] = [formatCount(from), formatCount(to), formatCount(totalCount)];
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          <Trans>Rows per page</Trans>
        </Text>
        <NativeSelect.Root size="sm" width="20">
          <NativeSelect.Field
            aria-label={t`Rows per page`}
            value={state.size}
            data-testid="table-page-size"
            onChange={(e) => onStateChange({ ...state, size: Number(e.target.value), page: 1 })}
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {formatCount(n)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontSize="sm" color="fg.muted" data-testid="table-range" whiteSpace="nowrap">
          <Trans>
            {first}–{last} of {total}
          </Trans>
        </Text>
      </HStack>
      {pages > 1 && (
        <Pagination
          current={{ from: state.page, to: state.page }}
          pages={pages}
          onPage={(page) => onStateChange({ ...state, page })}
          label={t`${label} pages`}
        />
      )}
    </HStack>
  );
}
