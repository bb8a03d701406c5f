import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parse } from 'yaml';

// No Docker engine runs here, so the compose file is checked as data: it must parse and
// describe PostgreSQL 17, Redis, two app instances and a proxy that reaches both.
test('docker-compose.yml describes the two-instance deployment', () => {
  const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
  const services = compose.services;
  expect(Object.keys(services).sort()).toEqual([
    'alertmanager',
    'app1',
    'app2',
    'chain',
    'grafana',
    'minio',
    'minio-bucket',
    'postgres',
    'prometheus',
    'proxy',
    'redis',
  ]);
  expect(services.postgres.image).toMatch(/^postgres:17/);
  expect(services.redis.image).toMatch(/^redis:/);
  for (const name of ['app1', 'app2']) {
    expect(services[name].build).toBe('.');
    expect(services[name].environment.DATABASE_URL).toContain('@postgres:5432/');
    expect(services[name].environment.REDIS_URL).toBe('redis://redis:6379');
    // Uploads in the shared bucket, not on a volume of one host.
    expect(services[name].environment.S3_ENDPOINT).toBe('http://minio:9000');
    expect(services[name].environment.S3_BUCKET).toBe('taskgram');
    expect(services[name].volumes ?? []).toEqual([]);
    // One sandbox chain for both, not one per instance.
    expect(services[name].environment.TON_SANDBOX_URL).toBe(`\${TON_SANDBOX_URL-http://chain:8091}`);
    expect(services[name].environment.TON_SANDBOX_KEY).toBe(services.chain.environment.TON_SANDBOX_KEY);
  }
  const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');
  expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
  expect(services.proxy.volumes[0]).toContain('deploy/Caddyfile');
  expect(readFileSync('Dockerfile', 'utf8')).toContain('CMD ["node", "dist/server/main.js"]');
  // Prometheus scrapes every instance inside; the proxy keeps /metrics from the outside.
  expect(caddyfile).toMatch(/respond \/metrics 404/);
  expect(services.prometheus.volumes[0]).toContain('deploy/prometheus.yml');
  const prometheus = parse(readFileSync('deploy/prometheus.yml', 'utf8'));
  const scrape = prometheus.scrape_configs[0];
  expect(scrape.metrics_path).toBe('/metrics');
  expect(scrape.static_configs[0].targets.sort()).toEqual(['app1:3000', 'app2:3000']);
  // Production answers /metrics only with its token (404 without one): both sides have it.
  expect(services.app1.environment.METRICS_TOKEN).toMatch(/^\$\{METRICS_TOKEN:-.{16,}\}$/);
  expect(compose.configs['metrics-token'].content).toBe(services.app1.environment.METRICS_TOKEN);
  expect(scrape.authorization).toEqual({ type: 'Bearer', credentials_file: '/etc/prometheus/metrics-token' });
  expect(services.prometheus.configs).toEqual([{ source: 'metrics-token', target: '/etc/prometheus/metrics-token' }]);
  // Alerts: the rules mounted and loaded, sent to Alertmanager (Telegram), the dashboard provisioned.
  expect(services.prometheus.volumes).toContain('./deploy/alerts.yml:/etc/prometheus/alerts.yml:ro');
  expect(prometheus.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
  expect(prometheus.alerting.alertmanagers[0].static_configs[0].targets).toEqual(['alertmanager:9093']);
  expect(services.alertmanager.volumes[0]).toContain('deploy/alertmanager.yml');
  expect(services.alertmanager.environment.ALERT_TELEGRAM_CHAT_ID).toMatch(/^\$\{ALERT_TELEGRAM_CHAT_ID/);
  expect(services.grafana.volumes).toEqual([
    './deploy/grafana/provisioning:/etc/grafana/provisioning:ro',
    './deploy/grafana/dashboards:/var/lib/grafana/dashboards:ro',
  ]);
});
