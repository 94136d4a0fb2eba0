/**
 * Writes apps/api/src/infra/openapi/plugin-metadata.ts: what @nestjs/swagger's CLI plugin reads from the
 * source (DTO properties with their class-validator rules, controller answer types), as a file the API loads
 * with `SwaggerModule.loadPluginMetadata`. The plugin itself runs only inside `tsc`; the API is built with
 * webpack and tested with @swc/jest, where it would not run, so both load this one generated file instead.
 * Part of `npm run openapi` (and checked by `npm run openapi:check`).
 */
import { PluginMetadataGenerator } from '@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator.js';
import { ReadonlyVisitor } from '@nestjs/swagger/plugin';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const outputDir = path.join(root, 'apps/api/src/infra/openapi');

new PluginMetadataGenerator().generate({
  visitors: [
    new ReadonlyVisitor({
      pathToSource: outputDir,
      // Request DTOs live in libs/shared: in *.dto.ts files, and a few beside the rules they carry.
      dtoFileNameSuffix: ['.dto.ts', '.contract.ts', 'pagination.ts', 'moderation.ts', 'listing-lifecycle.ts'],
      controllerFileNameSuffix: ['.controller.ts'],
      classValidatorShim: true,
      introspectComments: true,
    }),
  ],
  outputDir,
  filename: 'plugin-metadata.ts',
  tsconfigPath: path.relative(process.cwd(), path.join(root, 'apps/api/tsconfig.app.json')),
  printDiagnostics: false,
});
