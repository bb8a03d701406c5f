import { graphql } from '../../gql';
import type { StatisticsSortField, TaskType } from '../../gql/graphql';
import { initialTableState, type TableState, tableVariables } from '../../lib/tableState';

/** Statistics default limit 10, selectable in steps of 10 (5 options). */
export const STAT_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
/** Conversions arrive one by one; the page refetches at most this often. */
export const STAT_LIVE_REFETCH_MS = 1000;

export const PublisherStatisticsQuery = graphql(`
  query PublisherStatistics(
    $page: Int!
    $size: Int!
    $sortField: StatisticsSortField
    $sortOrder: SortOrder
    $taskType: TaskType
    $platformId: ID
  ) {
    publisherStatistics(
      page: $page
      size: $size
      sortField: $sortField
      sortOrder: $sortOrder
      taskType: $taskType
      platformId: $platformId
    ) {
      totalCount
      data {
        createdAt
        conversions
        profit
      }
    }
    publisherStatisticsToday(taskType: $taskType, platformId: $platformId) {
      createdAt
      conversions
      profit
    }
  }
`);

export const StatisticsAppsQuery = graphql(`
  query StatisticsApps {
    platforms(page: 1, limit: 100) {
      data {
        id
        title
        quality {
          platformId
          score
          conversions
        }
      }
    }
  }
`);

export const StatisticsLiveSubscription = graphql(`
  subscription StatisticsLive {
    platformStatsChanged {
      platformId
      platformCompleted
    }
  }
`);

/** The table's state on arrival: the first page of 10 (the page and its route's prefetch start alike). */
export const statisticsFirstState = () => initialTableState<StatisticsSortField>({ size: 10 });

/** PublisherStatistics' variables for a table state and the filters ('' is every task type or app). */
export function statisticsVariables(
  state: TableState<StatisticsSortField>,
  filters: { taskType: TaskType | ''; platformId: string },
) {
  const { search: _none, ...paging } = tableVariables(state);
  return { ...paging, taskType: filters.taskType || null, platformId: filters.platformId || null };
}
