import { MessageType, stringifyMessage } from 'graphql-ws';

/** The ping payload's key the web client listens for (client/lib/live.ts). */
export const LIVE_PING_KEY = 'live';

/**
 * graphql-ws `onOperation`: once a subscription's event stream is listening (the resolver's
 * `pubsub.subscribe` has resolved, so no event published from now on is missed), tell the
 * client with a `ping` carrying the subscription's id. The client refetches what the page
 * shows at that moment: a change made between its query and this point is in the refetch, a
 * change after it is an event. graphql-ws clients answer a ping with a pong and nothing else,
 * so clients that do not know this ping lose nothing.
 */
export function announceLive(socket: { send(data: string): unknown }, id: string, result: unknown): void {
  if (!result || typeof result !== 'object' || !(Symbol.asyncIterator in result)) return;
  socket.send(stringifyMessage({ type: MessageType.Ping, payload: { [LIVE_PING_KEY]: id } }));
}
