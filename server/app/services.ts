import { OutboundPolicy } from '../lib/outbound.ts';
import { TelegramClient } from '../lib/telegram.ts';
import type { Services } from '../services.ts';
import type { AnyArea, Infrastructure, ServiceName } from './area.ts';

/**
 * The areas in the order they are built: every area after the areas whose services it
 * `needs` (the list's own order where nothing decides). Throws, naming the areas, when a
 * service is provided twice or by nobody, or when the needs go round in a cycle.
 */
export function orderAreas(areas: readonly AnyArea[]): AnyArea[] {
  const needed = neededAreas(areas);
  const ordered: AnyArea[] = [];
  const state = new Map<AnyArea, 'visiting' | 'done'>();
  const visit = (area: AnyArea, path: AnyArea[]) => {
    if (state.get(area) === 'done') return;
    if (state.get(area) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(area)), area].map((a) => a.name).join(' → ');
      throw new Error(`areas need each other in a cycle: ${cycle} (reach one of them \`later\` instead)`);
    }
    state.set(area, 'visiting');
    for (const dep of needed.get(area) ?? []) visit(dep, [...path, area]);
    state.set(area, 'done');
    ordered.push(area);
  };
  for (const area of areas) visit(area, []);
  return ordered;
}

/**
 * For each area, the other areas providing the services it `needs`. Throws, naming the areas,
 * when a service is provided twice or by nobody (a `later` service included).
 */
export function neededAreas(areas: readonly AnyArea[]): Map<AnyArea, AnyArea[]> {
  const provider = new Map<ServiceName, AnyArea>();
  for (const area of areas) {
    for (const name of area.provides ?? []) {
      const other = provider.get(name);
      if (other) throw new Error(`service "${name}" is provided by both ${other.name} and ${area.name}`);
      provider.set(name, area);
    }
  }
  const providerOf = (area: AnyArea, name: ServiceName) => {
    const found = provider.get(name);
    if (!found) throw new Error(`area ${area.name} needs service "${name}", which no area provides`);
    return found;
  };
  for (const area of areas) for (const name of area.later ?? []) providerOf(area, name);

  return new Map(
    areas.map((area) => {
      const deps = new Set((area.needs ?? []).map((name: ServiceName) => providerOf(area, name)));
      deps.delete(area);
      return [area, [...deps]];
    }),
  );
}

/**
 * Step 3 of buildApp: every area's services, in `orderAreas`' order. An area receives the
 * services it declared it needs (built before it) and a `later()` that answers the services
 * it reaches from callbacks once every area is built.
 */
export async function buildServices(
  areas: readonly AnyArea[],
  infra: Omit<Infrastructure, 'telegram' | 'outbound'>,
): Promise<Services> {
  const { config } = infra;
  const shared: Infrastructure = {
    ...infra,
    telegram: new TelegramClient(config.telegram.token, config.telegram.apiUrl),
    outbound: new OutboundPolicy(config.outboundAllowCidrs),
  };
  const built = new Map<ServiceName, unknown>();
  let complete: Services | undefined;
  for (const area of orderAreas(areas)) {
    if (!area.services) continue;
    const needs = pick(built, area.needs ?? [], area.name);
    let reached: Partial<Services> | undefined;
    const later = () => {
      if (!complete) throw new Error(`area ${area.name} called a later service while the areas were being built`);
      reached ??= pick(built, area.later ?? [], area.name);
      return reached;
    };
    const servicesBuilt = (await area.services(shared, needs as never, later as never)) as Record<string, unknown>;
    for (const name of area.provides ?? []) {
      if (!(name in servicesBuilt))
        throw new Error(`area ${area.name} declares service "${name}" but did not build it`);
      built.set(name, servicesBuilt[name]);
    }
  }
  complete = Object.fromEntries(built) as unknown as Services;
  return complete;
}

/** The named services out of what is built (an optional service may be undefined). */
function pick(built: Map<ServiceName, unknown>, names: readonly ServiceName[], area: string): Partial<Services> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    if (!built.has(name)) throw new Error(`area ${area} needs service "${name}" before it is built`);
    out[name] = built.get(name);
  }
  return out as Partial<Services>;
}
