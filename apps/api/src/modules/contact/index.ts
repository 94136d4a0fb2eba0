/**
 * The contact module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { ContactModule } from './contact.module';
export { ContactService } from './contact.service';
export { ContactMessageEntity } from './entities/contact-message.entity';
