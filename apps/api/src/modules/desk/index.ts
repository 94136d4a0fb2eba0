/**
 * The desk module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { DEMO_ASSOCIATES, DeskDemoService } from './desk-demo.service';
export { DeskModule } from './desk.module';
export { InboundMailService } from './inbound-mail.service';
export { LeadEntity } from './entities/lead.entity';
export { LeadsService, type NewLead } from './leads.service';
