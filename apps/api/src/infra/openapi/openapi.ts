import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { SESSION_COOKIE } from '../http/security';
import { PUBLIC_EXTENSION, ROLES_EXTENSION } from './extensions';
import pluginMetadata from './plugin-metadata';

/** Where the document and its reader page are served (under the global `api` prefix). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const OPENAPI_DOCS_PATH = '/api/docs';


const SESSION_SCHEME = 'session';
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

type Operation = OpenAPIObject['paths'][string]['get'] & object;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The OpenAPI 3 document of the whole API, built from the module graph: routes and parameters from the
 * controllers, bodies and their constraints from the DTOs (class-validator rules, read by @nestjs/swagger's
 * plugin into plugin-metadata.ts), and the one error shape on every 4xx answer. Built once at start.
 */
export async function buildOpenApiDocument(app: NestFastifyApplication): Promise<OpenAPIObject> {
  await SwaggerModule.loadPluginMetadata(pluginMetadata);
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
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...ERROR_SCHEMAS },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) describeErrors(operation, method, path);
    }
  }
  return document;
}

type Schemas = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;

const ERROR_SCHEMAS: Schemas = {
  FieldError: {
    type: 'object',
    required: ['field', 'message'],
    properties: { field: { type: 'string', example: 'email' }, message: { type: 'string', example: 'email must be an email' } },
  },
  ApiError: {
    type: 'object',
    description: 'The one error shape of every answer that is not a success.',
    required: ['statusCode', 'message'],
    properties: {
      statusCode: { type: 'integer', example: 400 },
      message: { type: 'string', example: 'Validation failed' },
      errors: { type: 'array', description: 'Only for validation errors: one entry per failing field.', items: { $ref: '#/components/schemas/FieldError' } },
    },
  },
};

/**
 * The error answers an operation can give, from what the app applies to it: every route refuses bad input
 * (a malformed URL or query is a 400 anywhere) and counts toward the per-address limit (429); a route without
 * `@Public()` needs the session (401); one with `@Roles()` or any state-changing one can answer 403 (a role
 * missing, a request from another site); a path with a parameter can name what does not exist (404).
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
  operation.responses ??= {};
  for (const [status, description] of Object.entries(errors)) {
    const existing = operation.responses[status] as { description?: string } | undefined;
    operation.responses[status] = { description: existing?.description ?? description, content: { 'application/json': { schema: ERROR_REF } } };
  }
}

/**
 * GET /api/openapi.json (the document, cacheable and revalidated by its ETag) and GET /api/docs (Swagger UI,
 * its scripts and styles served from the installed swagger-ui-dist, so the page works under the CSP).
 */
export function serveOpenApi(app: NestFastifyApplication, fastify: FastifyInstance, document: OpenAPIObject): void {
  const body = JSON.stringify(document);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  fastify.get(OPENAPI_JSON_PATH, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  SwaggerModule.setup(OPENAPI_DOCS_PATH.slice(1), app, document, {
    raw: false,
    customSiteTitle: 'AutoTrust Motors API',
  });
}
