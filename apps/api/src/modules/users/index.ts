/**
 * The users module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { AdminBootstrapService } from './admin-bootstrap.service';
export { UserEntity } from './entities/user.entity';
export { decoyHash, hashPassword, NO_PASSWORD, verifyPassword } from './password';
export { UsersModule } from './users.module';
export { toPublicUser, UsersService } from './users.service';
