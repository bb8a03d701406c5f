// The alerting rules: deploy/alerts.yml is valid, each rule fires and stays
// quiet as its unit tests in deploy/alerts.test.yml say (Prometheus's own `promtool test rules`),
// and every metric a rule reads is one that /metrics exports: a rule over a metric nobody
// exports would never wake anyone.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ledgerCheckGauges } from '../../server/modules/ledger/ledger.check.ts';
import { startTestApp } from '../helpers/app.ts';
import { em, type TestApp } from '../helpers/payouts.ts';

const DEPLOY = new URL('../../deploy/', import.meta.url).pathname;

function promtool(...args: string[]) {
  const run = spawnSync('promtool', args, { cwd: DEPLOY, encoding: 'utf8' });
  if (run.error) {
    throw new Error(`promtool could not run (${run.error.message}): apt-get install prometheus (.ci/run does)`);
  }
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface Rule {
  alert: string;
  expr: string;
}
const rules: Rule[] = (
  parse(readFileSync(`${DEPLOY}alerts.yml`, 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);

const dashboard = JSON.parse(readFileSync(`${DEPLOY}grafana/dashboards/money-loop.json`, 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

/** PromQL's words that are not metrics. */
const PROMQL = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'rate',
  'by',
  'without',
  'time',
  'histogram_quantile',
  'deriv',
  'and',
  'or',
  'unless',
]);

/** The metric names an expression reads: what is left once strings, matchers and groupings are gone. */
function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(names.filter((n) => !PROMQL.has(n)))];
}

describe('alerting rules', () => {
  test('are valid, and every rule behaves as its unit tests say (promtool test rules)', () => {
    const check = promtool('check', 'rules', 'alerts.yml');
    expect(check.output).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(check.status).toBe(0);
    const unit = promtool('test', 'rules', 'alerts.test.yml');
    expect(unit.output).toMatch(/SUCCESS/);
    expect(unit.status).toBe(0);
    // Every rule has a firing case in the unit tests.
    const tested = (
      parse(readFileSync(`${DEPLOY}alerts.test.yml`, 'utf8')) as {
        tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
      }
    ).tests.flatMap((t) => t.alert_rule_test.filter((a) => a.exp_alerts.length).map((a) => a.alertname));
    expect(new Set(tested)).toEqual(new Set(rules.map((r) => r.alert)));
  });

  test('Alertmanager’s configuration, filled in as docker-compose does, is valid (amtool)', () => {
    const filled = readFileSync(`${DEPLOY}alertmanager.yml`, 'utf8')
      .replace('bot_token: ALERT_TELEGRAM_BOT_TOKEN', 'bot_token: 123456:test-token')
      .replace('chat_id: ALERT_TELEGRAM_CHAT_ID', 'chat_id: -1001234567890');
    const dir = mkdtempSync(join(tmpdir(), 'alertmanager-'));
    writeFileSync(join(dir, 'alertmanager.yml'), filled);
    const run = spawnSync('amtool', ['check-config', join(dir, 'alertmanager.yml')], { encoding: 'utf8' });
    if (run.error)
      throw new Error(`amtool could not run (${run.error.message}): apt-get install prometheus-alertmanager`);
    expect(`${run.stdout}${run.stderr}`).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  test('the expression reader finds metrics, not PromQL', () => {
    expect(
      metricsOf(
        'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{route!="/metrics"}[5m]))) > 1',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(
      metricsOf(
        'time() - max by (job_name) (taskgram_job_last_success_timestamp_seconds) > 3 * max by (job_name) (x_y)',
      ),
    ).toEqual(['taskgram_job_last_success_timestamp_seconds', 'x_y']);
  });

  describe('against /metrics', () => {
    let app: TestApp;
    beforeAll(async () => {
      // With its background jobs: their clocks are on /metrics from the start.
      app = await startTestApp({ demo: true, jobs: true });
      // The first payout round has read the hot wallet; a ledger check has run (hourly in production).
      await app.services.payouts.round();
      await ledgerCheckGauges(em(app));
    });
    afterAll(() => app?.close());

    test('every metric a rule or a panel reads is exported; every gauge with a value', async () => {
      const text = await (await fetch(`${app.url}/metrics`)).text();
      const types = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
      const exported = new Set(types.keys());
      const valued = new Set([...text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]/gm)].map((m) => m[1]!));
      const read = [
        ...rules.flatMap((r) => metricsOf(r.expr).map((metric) => ({ alert: r.alert, metric }))),
        // The Grafana dashboard's panels too.
        ...dashboard.panels.flatMap((p) =>
          p.targets.flatMap((t) => metricsOf(t.expr).map((metric) => ({ alert: `panel ${p.title}`, metric }))),
        ),
      ];
      expect(read.length).toBeGreaterThan(rules.length);
      // `up` is Prometheus's own (one a scrape target); histograms' series carry suffixes.
      const base = (m: string) => m.replace(/_(bucket|count|sum)$/, '');
      const missing = read.filter(({ metric }) => metric !== 'up' && !exported.has(base(metric)));
      expect(missing).toEqual([]);
      // A gauge says how things are now; counters and histograms get their series with the first event.
      const empty = read.filter(({ metric }) => types.get(metric) === 'gauge' && !valued.has(metric));
      expect(read.filter(({ metric }) => types.get(metric) === 'gauge').length).toBeGreaterThan(10);
      expect(empty).toEqual([]);
      expect(text).toMatch(/^taskgram_ledger_check_ok 1$/m);
      expect(text).toMatch(/^taskgram_payout_unmatched_transfers 0$/m);
      expect(text).toMatch(/^taskgram_job_interval_seconds\{job_name="payouts"\} \d/m);
    });
  });
});
