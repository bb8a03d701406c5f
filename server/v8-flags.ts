import { setFlagsFromString } from 'node:v8';

/**
 * V8's allocation-site pretenuring is turned off, before anything else of the server runs
 * (main.ts imports this first, so every way of starting it gets it: `npm start`, the image, the
 * benches).
 *
 * V8 watches where objects are made, and a place whose objects mostly outlived a young
 * collection has its later objects made directly in the old generation. A burst of long-lived
 * objects (the migrations of a new database, a cache filled at once) taught it that about places
 * every request passes through. From then on each request's garbage was partly old, and old
 * garbage, until a full collection, keeps alive every young object it points to: each young
 * collection copied ~3 MB of dead requests and promoted them. Measured on `/healthz` under
 * load (`docs/performance.md`): a server started on a new database spent 26 % of its time
 * collecting garbage (young collections of 4.6 ms, 3 MB kept each) and one started on a migrated
 * database 4 % (0.6 ms, nothing kept); with this flag both are the latter.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
