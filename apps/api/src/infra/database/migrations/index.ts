import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { Uploads1763800000000 } from './1763800000000-uploads';

/** Every migration, in order. Listed explicitly: the API is bundled, so no glob loading. */
export const MIGRATIONS = [InitialSchema1763700000000, Uploads1763800000000];
