/*
 * An app's traffic quality as the API speaks it, from the rows of `platform_quality()` (the
 * formula and its weights are there, in SQL, and in docs/architecture.md, "Traffic quality").
 */

/** What takes points off an app's score, worst first on the App page. */
export const QUALITY_COMPONENTS = ['RETENTION', 'VOIDS', 'REPORTS', 'FRAUD_RULES', 'FAST'] as const;
export type QualityComponent = (typeof QUALITY_COMPONENTS)[number];

/** One app's traffic quality over the last 30 days (sql/platform_quality.sql). */
export interface PlatformQuality {
  platformId: number;
  /** 0–100, or null: not enough data (fewer paid conversions than `minSample`). */
  score: number | null;
  /** Paid conversions in the 30 days: the sample behind the score. */
  conversions: number;
  minSample: number;
  /** Share of paid channel and chat conversions whose players were still members when the hold ended (null: none ended). */
  retention: number | null;
  retentionSample: number;
  /** Share of the players checked again 30 days on (conversions of the 30 days before) still members (null: none checked). */
  retention30d: number | null;
  retention30dSample: number;
  voidRate: number | null;
  /** Moderator-confirmed players' reports per 1,000 conversions. */
  reportsPer1000: number | null;
  /** Fraud-rule hits (not rejected) per 1,000 conversions. */
  fraudHitsPer1000: number | null;
  /** Share of completions faster than FRAUD_MIN_SECONDS after the start. */
  fastShare: number | null;
  /** The points each component takes off 100, worst first; components that take nothing are left out. */
  penalties: { component: QualityComponent; points: number }[];
}

/** A row of `platform_quality()` (sql/platform_quality.sql). */
export interface QualityRow {
  platform_id: number;
  completed: number;
  fast: number;
  voided: number;
  social_resolved: number;
  social_retained: number;
  checked_30d: number;
  retained_30d: number;
  reports_confirmed: number;
  fraud_hits: number;
  retention_penalty: string;
  void_penalty: string;
  report_penalty: string;
  fraud_penalty: string;
  fast_penalty: string;
  score: number | null;
}

const ratio = (n: number, d: number, scale = 1) => (d ? Math.round((n * scale * 10_000) / d) / 10_000 : null);

/** A `platform_quality()` row as the API speaks it (no row: an app with no data yet). */
export function fromRow(platformId: number, r: QualityRow | undefined, minSample: number): PlatformQuality {
  const completed = r?.completed ?? 0;
  const penalties = (
    [
      ['RETENTION', r?.retention_penalty],
      ['VOIDS', r?.void_penalty],
      ['REPORTS', r?.report_penalty],
      ['FRAUD_RULES', r?.fraud_penalty],
      ['FAST', r?.fast_penalty],
    ] as const
  )
    .map(([component, points]) => ({ component, points: Number(points ?? 0) }))
    .filter((p) => p.points > 0)
    .sort((a, b) => b.points - a.points);
  return {
    platformId,
    score: r?.score ?? null,
    conversions: completed,
    minSample,
    retention: ratio(r?.social_retained ?? 0, r?.social_resolved ?? 0),
    retentionSample: r?.social_resolved ?? 0,
    retention30d: ratio(r?.retained_30d ?? 0, r?.checked_30d ?? 0),
    retention30dSample: r?.checked_30d ?? 0,
    voidRate: ratio(r?.voided ?? 0, completed),
    reportsPer1000: ratio(r?.reports_confirmed ?? 0, completed, 1000),
    fraudHitsPer1000: ratio(r?.fraud_hits ?? 0, completed, 1000),
    fastShare: ratio(r?.fast ?? 0, completed),
    penalties,
  };
}
