import { engineOfProject } from './global-setup';
import { dropTemplate } from './test-database';

/** Jest global teardown of each API project: drops the template global-setup.ts made. */
export default async function globalTeardown(_global: unknown, project: { displayName?: string | { name: string } }): Promise<void> {
  await dropTemplate(engineOfProject(project));
}
