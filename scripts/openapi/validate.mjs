/**
 * Validates an OpenAPI document against the OpenAPI 3 schema and resolves every $ref
 * (@apidevtools/swagger-parser). Reads the document from the file given, or from stdin;
 * prints the problem and exits 1 when it is not valid. Used by `npm run openapi` and by
 * apps/api/test/openapi/openapi.e2e-spec.ts (Jest's loader cannot load the parser's ES modules).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
const document = JSON.parse(readFileSync(file ?? 0, 'utf8'));
try {
  const api = await SwaggerParser.validate(document);
  console.log(`valid OpenAPI ${api.openapi}: ${Object.keys(api.paths ?? {}).length} paths`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
