import { Migration } from '@mikro-orm/migrations';

/** Whether conversion `c` (its click `k` when it predates `started_at`) was completed fast. */
const FAST = `c.created_at - coalesce(c.started_at, k.created_at)
  < make_interval(secs => coalesce((select fast_ms from quality_settings limit 1), 5000) / 1000.0)`;

/**
 * Traffic quality off the conversion path: a batch of new conversions wrote one more
 * rollup row (platform_quality_daily: paid completions and fast ones) besides the statistics
 * rows it writes anyway. The publisher's statistics row now counts the fast ones too, and quality
 * derives completions from it (those that stand plus its own voided count), so the insert trigger
 * goes; quality keeps, of the voided conversions, the fast ones (`fast_voided`). The functions'
 * new bodies are the SQL files, applied after the migrations; the ones whose result type changes
 * are dropped here.
 */
export class Migration20261126143827_quality_fold extends Migration {

  override async up(): Promise<void> {
    this.addSql('drop trigger if exists conversions_quality_insert on conversions;');
    this.addSql('drop function if exists conversions_quality_insert();');
    this.addSql('drop function if exists quality_rebuild();');
    this.addSql('drop function if exists quality_recomputed();');

    this.addSql(`alter table "stats_publisher_daily" add column "fast" int not null default 0;`);
    this.addSql(`create index "stats_publisher_daily_platform_id_day_index" on "stats_publisher_daily" ("platform_id", "day");`);
    this.addSql(`update stats_publisher_daily s set fast = f.n
      from (select c.publisher_id, (c.created_at at time zone 'utc')::date as day, c.platform_id, c.task_type, count(*)::int as n
              from conversions c left join clicks k on k.id = c.click_id
             where c.status <> 'VOIDED' and c.price <> 0 and ${FAST}
             group by 1, 2, 3, 4) f
     where (s.publisher_id, s.day, s.platform_id, s.task_type) = (f.publisher_id, f.day, f.platform_id, f.task_type);`);

    this.addSql(`alter table "platform_quality_daily" add column "fast_voided" int not null default 0;`);
    this.addSql(`update platform_quality_daily q set fast_voided = f.n
      from (select c.platform_id, (c.created_at at time zone 'utc')::date as day, count(*)::int as n
              from conversions c left join clicks k on k.id = c.click_id
             where c.status = 'VOIDED' and c.price <> 0 and ${FAST}
             group by 1, 2) f
     where (q.platform_id, q.day) = (f.platform_id, f.day);`);
    this.addSql(`alter table "platform_quality_daily" drop column "completed", drop column "fast";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "platform_quality_daily" add column "completed" int not null default 0, add column "fast" int not null default 0;`);
    this.addSql(`insert into platform_quality_daily as q (platform_id, day, completed, fast)
      select c.platform_id, (c.created_at at time zone 'utc')::date, count(*), count(*) filter (where ${FAST})
        from conversions c left join clicks k on k.id = c.click_id where c.price <> 0 group by 1, 2
      on conflict (platform_id, day) do update set completed = excluded.completed, fast = excluded.fast;`);
    this.addSql(`alter table "platform_quality_daily" drop column "fast_voided";`);
    this.addSql(`drop index "stats_publisher_daily_platform_id_day_index";`);
    this.addSql(`alter table "stats_publisher_daily" drop column "fast";`);
    // The trigger needs a function to name; the earlier body is in git history (before this migration).
    this.addSql(`create or replace function conversions_quality_insert() returns trigger language plpgsql as $$ begin raise exception 'conversions_quality_insert: its body is in git history, before the quality fold'; end $$;`);
    this.addSql(`create trigger conversions_quality_insert after insert on conversions
      referencing new table as new_rows for each statement execute function conversions_quality_insert();`);
  }

}
