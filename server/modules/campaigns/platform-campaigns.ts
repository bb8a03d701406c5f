import type { EntityManager } from '@mikro-orm/postgresql';
import { tableRows } from '../../lib/data-table.ts';
import { PLATFORM_ROWS_SQL, type PlatformCampaignRow, type PlatformRowSql, platformRow } from './campaign-views.ts';

/** The campaigns shown in a publisher's app, as the publisher sees them: rows, their CSV, the apps' totals. */
export class PlatformCampaigns {
  /** App statistics: one row per campaign shown in the app. */
  async rows(em: EntityManager, platformId: number): Promise<PlatformCampaignRow[]> {
    return (await em.execute<PlatformRowSql[]>(PLATFORM_ROWS_SQL, [platformId, platformId, platformId])).map(
      platformRow,
    );
  }

  /** The same rows for a CSV export, read 500 at a time. */
  async *rowsStream(em: EntityManager, platformId: number): AsyncGenerator<PlatformCampaignRow> {
    for await (const r of tableRows<PlatformRowSql>(em, PLATFORM_ROWS_SQL, [platformId, platformId, platformId]))
      yield platformRow(r);
  }

  /** Completed actions and revenue per app (My Apps cards). */
  async totals(em: EntityManager, platformIds: number[]): Promise<Map<number, { completed: number; revenue: bigint }>> {
    const result = new Map(platformIds.map((id) => [id, { completed: 0, revenue: 0n }]));
    if (!platformIds.length) return result;
    const rows = await em.execute<{ platform_id: number; completed: string; revenue: string }[]>(
      `select platform_id, sum(completed)::text as completed, sum(revenue)::text as revenue
         from platform_campaign_stats where platform_id in (${platformIds.map(() => '?').join(', ')})
        group by platform_id`,
      platformIds,
    );
    for (const r of rows) result.set(r.platform_id, { completed: Number(r.completed), revenue: BigInt(r.revenue) });
    return result;
  }
}
