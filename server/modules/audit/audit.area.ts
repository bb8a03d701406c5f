import { defineArea } from '../../app/area.ts';
import { AuditEvent, AuditHead } from './audit.entity.ts';
import { auditRoutes } from './audit.rest.ts';
import './audit.schema.ts';
import { AuditService } from './audit.service.ts';

/**
 * The audit trail: staff actions and money decisions, append-only and hash-chained. The areas
 * whose actions it records write to it in their own transactions (`recordAudit`, record.ts); this
 * area reads it (the staff Audit page, its CSV, `npm run audit:verify`).
 */
export const auditArea = defineArea({
  name: 'audit',
  provides: ['audit'],
  entities: [AuditEvent, AuditHead],
  services: () => ({ audit: new AuditService() }),
  routes: auditRoutes,
});
