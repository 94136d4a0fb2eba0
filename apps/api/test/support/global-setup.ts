import { prepareTemplate, type TestEngine } from './test-database';

/** The engine of the jest project being set up (api-sqlite, api-mariadb). */
export function engineOfProject(project: { displayName?: string | { name: string } }): TestEngine {
  const name = typeof project.displayName === 'string' ? project.displayName : project.displayName?.name;
  if (name === 'api-sqlite') return 'sqlite';
  if (name === 'api-mariadb') return 'mariadb';
  throw new Error(`no test database engine for the jest project ${String(name)}`);
}

/** Jest global setup of each API project: migrates the engine's template once for the whole run. */
export default async function globalSetup(_global: unknown, project: { displayName?: string | { name: string } }): Promise<void> {
  await prepareTemplate(engineOfProject(project));
}
