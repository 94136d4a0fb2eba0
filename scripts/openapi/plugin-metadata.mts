/**
 * Writes apps/api/src/infra/openapi/plugin-metadata.ts: what @nestjs/swagger's CLI plugin reads from the
 * source (DTO properties with their class-validator rules, controller answer types), as a file the API loads
 * with `SwaggerModule.loadPluginMetadata`. The plugin itself runs only inside `tsc`; the API is built with
 * webpack and tested with @swc/jest, where it would not run, so both load this one generated file instead.
 * Part of `npm run openapi` (and checked by `npm run openapi:check`).
 * The same program then gives response-schemas.ts beside it: each handler's answer schema, from the return
 * type it declares (response-schemas.mts).
 */
import { PluginMetadataGenerator } from '@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator.js';
import { ReadonlyVisitor } from '@nestjs/swagger/plugin';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { responseSchemas, responseSchemasSource } from './response-schemas.mts';

const root = path.resolve(import.meta.dirname, '../..');
const sourceDir = path.join(root, 'apps/api/src/infra/openapi');
// Another folder to write to (`npm run openapi:check` compares); the imports stay relative to sourceDir.
const outputDir = path.resolve(process.argv[2] ?? sourceDir);

// A program of its own rather than the generator's type-checking host, which refuses to write on a type error:
// the clients' types come from this run, so a renamed route must not stop it.
const configPath = path.join(root, 'apps/api/tsconfig.app.json');
const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
const program = ts.createProgram(parsed.fileNames, parsed.options);

new PluginMetadataGenerator().generate({
  visitors: [
    new ReadonlyVisitor({
      pathToSource: sourceDir,
      // Request DTOs live in libs/shared: in *.dto.ts files, and a few beside the rules they carry.
      dtoFileNameSuffix: ['.dto.ts', '.contract.ts', 'pagination.ts', 'moderation.ts', 'listing-lifecycle.ts'],
      controllerFileNameSuffix: ['.controller.ts'],
      classValidatorShim: true,
      introspectComments: true,
    }),
  ],
  outputDir,
  filename: 'plugin-metadata.ts',
  tsProgramRef: program,
});

writeFileSync(path.join(outputDir, 'response-schemas.ts'), responseSchemasSource(responseSchemas(program)));
