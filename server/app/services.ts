import { OutboundPolicy } from '../lib/outbound.ts';
import { TelegramClient } from '../lib/telegram.ts';
import type { Services } from '../services.ts';
import type { Area, Infrastructure } from './area.ts';

/**
 * Step 3 of buildApp: every area's services, area by area in the list's order, from the
 * infrastructure and the services built before. The areas call each other only through
 * `services` (conversions tell callbacks, exchange and fraud).
 */
export async function buildServices(
  areas: Area[],
  infra: Omit<Infrastructure, 'telegram' | 'outbound'>,
): Promise<Services> {
  const { config } = infra;
  const shared: Infrastructure = {
    ...infra,
    telegram: new TelegramClient(config.telegram.token, config.telegram.apiUrl),
    outbound: new OutboundPolicy(config.outboundAllowCidrs),
  };
  // Filled as the areas are built; complete before anything is called.
  const services = {} as Services;
  for (const area of areas) {
    if (area.services) Object.assign(services, await area.services(shared, services));
  }
  return services;
}
