import { defineArea } from '../../app/area.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import { AuditEvent, AuditHead } from './audit.entity.ts';
import { auditRoutes } from './audit.rest.ts';
import './audit.schema.ts';
import { AuditService } from './audit.service.ts';
import { listen } from '../../db/listen.ts';
import { auditHeadPublisher } from './head.ts';

/**
 * The audit trail: staff actions and money decisions, append-only and hash-chained. The areas
 * whose actions it records write to it in their own transactions (`recordAudit`, record.ts); this
 * area reads it (the staff Audit page, its CSV, `npm run audit:verify`).
 */
export const auditArea = defineArea({
  name: 'audit',
  provides: ['audit'],
  entities: [AuditEvent, AuditHead],
  sql: [
    sqlDefinition(import.meta.url, './sql/audit_event_text.sql'),
    sqlDefinition(import.meta.url, './sql/audit_chain.sql', { after: ['audit_event_text'] }),
    sqlDefinition(import.meta.url, './sql/audit_refuse.sql'),
  ],
  services: ({ orm, log, cleanups }) => {
    // The chain's head, published outside the database at every write (head.ts).
    const stop = listen(orm.config.getClientUrl(), 'audit_head', auditHeadPublisher(log), log).catch((err) => {
      log.error({ err }, 'the audit chain’s head is not published');
      return async () => {};
    });
    cleanups.push(async () => (await stop)());
    return { audit: new AuditService() };
  },
  routes: auditRoutes,
});
