/**
 * The auth module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { AccountTokensService } from './account-tokens.service';
export { type AuthUser } from './auth-user';
export { CurrentUser, Public, Roles } from './auth.decorators';
export { AuthModule } from './auth.module';
export { AuthService } from './auth.service';
export { SessionService } from './session.service';
