import { authorize } from '../../lib/access.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgIds } from '../../db/columns.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import type { User } from '../users/user.entity.ts';
import { fail } from '../../failures.ts';

/** The most apps one exclusion list holds. */
export const MAX_EXCLUDED_PLATFORMS = 1000;

/** An app in an exclusion list. */
export interface ExcludedPlatform {
  platformId: number;
  title: string;
  logo: string;
  createdAt: Date;
}

type ExclusionTable = 'campaign_excluded_platforms' | 'user_excluded_platforms';
type ExclusionColumn = 'campaign_id' | 'user_id';

/**
 * The advertisers' exclusions: apps one campaign, or all of an advertiser's campaigns, are not
 * shown in. The showcase applies them in its audience query (showcase.service.ts), whose
 * cached lists live at most a second, so a change reaches every instance's showcase within it;
 * `onChanged` tells the apps' owners (their exclusion counts) and clears this instance's lists.
 * An advertiser sees only their own lists; a publisher only how many campaigns exclude an app.
 */
export class ExclusionsService {
  constructor(
    private readonly deps: {
      campaigns: CampaignsService;
      onChanged: (platformIds: number[]) => Promise<void>;
    },
  ) {}

  /** Campaigns (not deleted) that exclude the app, on their own or through their advertiser's list. */
  async excludedByCount(em: EntityManager, platformId: number): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from campaigns c
        where c.deleted_at is null and c.deal_id is null
          and (exists (select 1 from campaign_excluded_platforms x where x.campaign_id = c.id and x.platform_id = ?)
               or exists (select 1 from user_excluded_platforms u where u.user_id = c.owner_id and u.platform_id = ?))`,
      [platformId, platformId],
    );
    return row.n;
  }

  /** The apps one of the advertiser's campaigns is kept away from. */
  async campaignExclusions(em: EntityManager, owner: User, campaignId: number): Promise<ExcludedPlatform[]> {
    await this.deps.campaigns.assertOwner(em, owner, campaignId);
    return this.listed(em, 'campaign_excluded_platforms', 'campaign_id', campaignId);
  }

  /** The apps all of the advertiser's campaigns are kept away from. */
  async userExclusions(em: EntityManager, owner: User): Promise<ExcludedPlatform[]> {
    return this.listed(em, 'user_excluded_platforms', 'user_id', owner.id);
  }

  /** Replaces a campaign's list; answers the new one. */
  async setCampaignExclusions(em: EntityManager, owner: User, campaignId: number, platformIds: number[]) {
    authorize(owner, 'campaign.excludeApps');
    await this.deps.campaigns.assertOwner(em, owner, campaignId);
    return this.replace(em, 'campaign_excluded_platforms', 'campaign_id', campaignId, platformIds);
  }

  /** Replaces the advertiser's list; answers the new one. */
  async setUserExclusions(em: EntityManager, owner: User, platformIds: number[]) {
    authorize(owner, 'account.excludeApps');
    return this.replace(em, 'user_excluded_platforms', 'user_id', owner.id, platformIds);
  }

  /** Adds or removes one app (the report row's action): one campaign's list, or the advertiser's. */
  async toggle(
    em: EntityManager,
    owner: User,
    input: { platformId: number; campaignId?: number; excluded: boolean },
  ): Promise<ExcludedPlatform[]> {
    authorize(owner, input.campaignId ? 'campaign.excludeApps' : 'account.excludeApps');
    const current = input.campaignId
      ? await this.campaignExclusions(em, owner, input.campaignId)
      : await this.userExclusions(em, owner);
    const ids = new Set(current.map((p) => p.platformId));
    if (input.excluded) ids.add(input.platformId);
    else ids.delete(input.platformId);
    return input.campaignId
      ? this.setCampaignExclusions(em, owner, input.campaignId, [...ids])
      : this.setUserExclusions(em, owner, [...ids]);
  }

  private async replace(
    em: EntityManager,
    table: ExclusionTable,
    column: ExclusionColumn,
    id: number,
    platformIds: number[],
  ): Promise<ExcludedPlatform[]> {
    const ids = [...new Set(platformIds)];
    if (ids.length > MAX_EXCLUDED_PLATFORMS) {
      throw fail('EXCLUDE_AT_MOST_APPS', { max: MAX_EXCLUDED_PLATFORMS });
    }
    const changed = await em.transactional(async (tx) => {
      if (ids.length) {
        const known = await tx.execute<{ id: number }[]>('select id from platforms where id = any(?::int[])', [
          pgIds(ids),
        ]);
        const missing = ids.filter((p) => !known.some((k) => k.id === p));
        if (missing.length) throw fail('APP_DOES_NOT_EXIST', { missing: missing[0] });
      }
      // Apps that leave or join the list: their publishers' exclusion counts change.
      const removed = await tx.execute<{ platform_id: number }[]>(
        `delete from ${table} where ${column} = ? and not (platform_id = any(?::int[])) returning platform_id`,
        [id, pgIds(ids)],
      );
      const added = ids.length
        ? await tx.execute<{ platform_id: number }[]>(
            `insert into ${table} (${column}, platform_id) select ?, unnest(?::int[])
             on conflict do nothing returning platform_id`,
            [id, pgIds(ids)],
          )
        : [];
      return [...removed, ...added].map((r) => r.platform_id);
    });
    await this.deps.onChanged(changed);
    return this.listed(em, table, column, id);
  }

  private listed(em: EntityManager, table: ExclusionTable, column: ExclusionColumn, id: number) {
    return em
      .execute<{ platform_id: number; title: string; logo: string; created_at: Date | string }[]>(
        `select x.platform_id, p.title, p.logo, x.created_at
           from ${table} x join platforms p on p.id = x.platform_id
          where x.${column} = ? order by x.created_at desc, x.platform_id`,
        [id],
      )
      .then((rows): ExcludedPlatform[] =>
        rows.map((r) => ({
          platformId: r.platform_id,
          title: r.title,
          logo: r.logo,
          createdAt: new Date(r.created_at),
        })),
      );
  }
}
