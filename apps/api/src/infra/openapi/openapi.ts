import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { SESSION_COOKIE } from '../http/security';
import { PUBLIC_EXTENSION, ROLES_EXTENSION } from './extensions';
import pluginMetadata from './plugin-metadata';
import { answerSchemas, errorSchemaName, type HandlerAnswer, handlerAnswers } from './response-schemas';

/** Where the document and its reader page are served (under the global `api` prefix). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const OPENAPI_DOCS_PATH = '/api/docs';


const SESSION_SCHEME = 'session';
const ERROR_REF = { $ref: `#/components/schemas/${errorSchemaName}` };

type Operation = OpenAPIObject['paths'][string]['get'] & object;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The OpenAPI 3 document of the whole API, built from the module graph: routes and parameters from the
 * controllers, bodies and their constraints from the DTOs (class-validator rules, read by @nestjs/swagger's
 * plugin into plugin-metadata.ts), each success answer's schema from the type its handler declares
 * (response-schemas.ts), and the one error shape (ApiErrorBody) on every 4xx and 5xx answer. Needs the plugin's
 * metadata loaded first (loadOpenApiMetadata).
 */
export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('AutoTrust Motors API')
    .setDescription(
      'The marketplace API used by the storefront and the admin console. JSON in and out; the session cookie ' +
        `(\`${SESSION_COOKIE}\`, set by POST /api/login) signs the caller in. Every error answers ` +
        '`{ "statusCode", "message", "errors"? }` (`errors` only for validation, one entry per field).',
    )
    .setVersion('1')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, SESSION_SCHEME)
    .addSecurityRequirements(SESSION_SCHEME)
    .build();
  // Which handler each operation is (its id names the controller and the method), to find its answer's schema.
  const handlers = new Map<string, HandlerAnswer | undefined>();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => {
      const id = `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;
      handlers.set(id, handlerAnswers[controllerKey]?.[methodKey]);
      return id;
    },
  });
  // The DTO classes' schemas (with their validation rules) stay as @nestjs/swagger made them.
  document.components = {
    ...document.components,
    schemas: { ...answerSchemas, ...document.components?.schemas },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      describeAnswer(operation, operation.operationId ? handlers.get(operation.operationId) : undefined);
      describeErrors(operation, method, path);
    }
  }
  return document;
}

/** Gives @nestjs/swagger the DTOs' schemas that its CLI plugin read from the sources (plugin-metadata.ts). */
export async function loadOpenApiMetadata(): Promise<void> {
  await SwaggerModule.loadPluginMetadata(pluginMetadata);
}

/**
 * The success answer of an operation from its handler's declared type: its schema and media type, or no
 * body for a handler that answers none. A handler that writes its own answer (a redirect, a file) keeps the
 * answers its @ApiResponse decorators describe.
 */
function describeAnswer(operation: Operation, answer: HandlerAnswer | undefined): void {
  if (!answer || answer.writesOwnAnswer) return;
  const responses = (operation.responses ??= {});
  const status = Object.keys(responses).find((code) => /^2\d\d$/.test(code));
  if (!status) return;
  const description = (responses[status] as { description?: string }).description || STATUS_CODES[status] || 'Success';
  responses[status] = answer.schema
    ? { description, content: { [answer.contentType ?? 'application/json']: { schema: answer.schema } } }
    : { description };
}

/**
 * The error answers an operation can give, from what the app applies to it: every route refuses bad input
 * (a malformed URL or query is a 400 anywhere) and counts toward the per-address limit (429); a route without
 * `@Public()` needs the session (401); one with `@Roles()` or any state-changing one can answer 403 (a role
 * missing, a request from another site); a path with a parameter can name what does not exist (404); any
 * can fail unexpectedly (500) or while a dependency is down or full (503, with Retry-After).
 */
function describeErrors(operation: Operation, method: string, path: string): void {
  const extensions = operation as Record<string, unknown>;
  const isPublic = extensions[PUBLIC_EXTENSION] === true;
  const roles = extensions[ROLES_EXTENSION] as string[] | undefined;
  if (isPublic) operation.security = [];
  const errors: Record<string, string> = { 400: 'Bad input (the error names each failing field)' };
  if (!isPublic) errors[401] = 'Not signed in';
  if (roles) errors[403] = `Signed in without the role (${roles.join(', ')})`;
  else if (method !== 'get') errors[403] = 'Refused (a state-changing request from another site, or not allowed)';
  if (path.includes('{')) errors[404] = 'Not found (or not visible to the caller)';
  errors[429] = 'Too many requests';
  errors[500] = 'Unexpected error (logged on the server)';
  errors[503] = 'A dependency is down or full, or the server is shutting down (see Retry-After)';
  operation.responses ??= {};
  for (const [status, description] of Object.entries(errors)) {
    const existing = operation.responses[status] as { description?: string } | undefined;
    // The error shape's own example is a validation error (400); the others show their status.
    const example = status === '400' ? undefined : { statusCode: Number(status), message: STATUS_CODES[status] };
    operation.responses[status] = { description: existing?.description ?? description, content: { 'application/json': { schema: ERROR_REF, ...(example && { example }) } } };
  }
}

/**
 * GET /api/openapi.json (the document, cacheable and revalidated by its ETag) and GET /api/docs (Swagger UI,
 * its scripts and styles served from the installed swagger-ui-dist, so the page works under the CSP).
 *
 * The document is built on the first request for it, not at start: building it walks every controller and DTO
 * (about a second of CPU), which every start of the server, and every API test file, would otherwise pay.
 */
export async function serveOpenApi(app: NestFastifyApplication, fastify: FastifyInstance): Promise<void> {
  await loadOpenApiMetadata();
  let built: { document: OpenAPIObject; body: string; etag: string } | undefined;
  const documentOnce = () => {
    if (!built) {
      const document = buildOpenApiDocument(app);
      const body = JSON.stringify(document);
      built = { document, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return built;
  };
  fastify.get(OPENAPI_JSON_PATH, async (request, reply) => {
    const { body, etag } = documentOnce();
    reply.header('cache-control', 'public, max-age=300').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  SwaggerModule.setup(OPENAPI_DOCS_PATH.slice(1), app, () => documentOnce().document, {
    raw: false,
    customSiteTitle: 'AutoTrust Motors API',
  });
}
