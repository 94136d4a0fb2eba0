/**
 * Writes apps/api/src/infra/openapi/response-schemas.ts: the schema of every route handler's answer, from
 * the return type the handler declares (`Promise<PublicVehicle[]>` answers an array of PublicVehicle), as
 * OpenAPI 3.0 schemas the API's document references from each operation's success answer, plus the API's
 * one error shape (ApiErrorBody). Part of `npm run openapi` (and checked by `npm run openapi:check`).
 *
 * Every controller is found in the API's program (a class decorated `@Controller`, its methods decorated
 * `@Get`, `@Post`...): no list to keep. Each handler's declared return type, without its Promise or
 * Observable, becomes a type alias appended to the controller's own file in a virtual copy of the program
 * (so every name the handler's file can see resolves), and ts-json-schema-generator turns those aliases and
 * the named contract types they reach (PublicVehicle, Paginated<AdminVehicle>...) into JSON Schema, which is
 * then written in OpenAPI 3.0's dialect (nullable, one-value enums, no tuples).
 *
 * A handler that answers nothing (`void`) has no body (204); one that answers bytes (StreamableFile, Buffer, a
 * stream) is `format: binary`; one that writes its own answer (`@Res()` without passthrough: a redirect, a page)
 * is described by its own `@ApiResponse` decorator; `@Header('content-type', ...)` names a handler's media type
 * (the default is application/json, or application/octet-stream for bytes).
 */
import path from 'node:path';
import ts from 'typescript';
import { createGenerator, type Config } from 'ts-json-schema-generator';

const root = path.resolve(import.meta.dirname, '../..');
const API_SOURCE = path.join(root, 'apps/api/src') + path.sep;
const ERROR_TYPE = { file: path.join(root, 'libs/shared/src/common/api-error.ts'), name: 'ApiErrorBody' };
const ALIAS_PREFIX = '__OpenApiAnswer__';
const HTTP_METHODS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options', 'All', 'Search']);
/** Types around the answer: JsonText<T> is the JSON text of a T, sent as it is (apps/api/src/infra/http/json-text.ts). */
const WRAPPERS = new Set(['Promise', 'PromiseLike', 'Observable', 'JsonText']);
/** Answers that are bytes, not JSON (a file, a stream): `format: binary`, of the media type `@Header` names. */
const BINARY_TYPES = new Set(['StreamableFile', 'Buffer', 'Uint8Array', 'Readable', 'ReadStream']);
const BINARY_SCHEMA = { type: 'string', format: 'binary' };

export type Schema = Record<string, unknown>;

export interface HandlerAnswer {
  /** The media type of a success answer (application/json unless `@Header('content-type', ...)` says). */
  contentType?: string;
  /** The answer's schema; absent when the handler answers no body (`void`). */
  schema?: Schema;
  /** The handler writes its own answer (`@Res()` without passthrough): its `@ApiResponse` describes it. */
  writesOwnAnswer?: true;
}

interface Handler {
  className: string;
  methodName: string;
  file: string;
  /** The declared answer type without Promise/Observable; null for no body. */
  answerType: string | null;
  /** The answer is bytes (a file or a stream), not JSON. */
  binary: boolean;
  contentType?: string;
  writesOwnAnswer: boolean;
}

function decoratorsOf(node: ts.Node): { name: string; args: readonly ts.Expression[] }[] {
  if (!ts.canHaveDecorators(node)) return [];
  return (ts.getDecorators(node) ?? []).flatMap((decorator) => {
    const call = decorator.expression;
    if (ts.isCallExpression(call) && ts.isIdentifier(call.expression)) return [{ name: call.expression.text, args: call.arguments }];
    if (ts.isIdentifier(call)) return [{ name: call.text, args: [] }];
    return [];
  });
}

function stringValue(node: ts.Expression | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** The type a handler answers: its declared return type without the Promise or Observable around it. */
function answerTypeNode(method: ts.MethodDeclaration, where: string): ts.TypeNode | null {
  let node = method.type;
  if (!node) {
    throw new Error(`${where} has no declared return type: declare what it answers (the API's document is made from it)`);
  }
  while (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && WRAPPERS.has(node.typeName.text) && node.typeArguments?.length === 1) {
    node = node.typeArguments[0];
  }
  if (node.kind === ts.SyntaxKind.VoidKeyword || node.kind === ts.SyntaxKind.UndefinedKeyword || node.kind === ts.SyntaxKind.NeverKeyword) return null;
  return node;
}

/** Every route handler of the API: methods with an HTTP method decorator in classes decorated `@Controller`. */
export function findHandlers(program: ts.Program): Handler[] {
  const handlers: Handler[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    const file = path.resolve(sourceFile.fileName);
    if (!file.startsWith(API_SOURCE) || sourceFile.isDeclarationFile) continue;
    for (const statement of sourceFile.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      if (!decoratorsOf(statement).some((d) => d.name === 'Controller')) continue;
      const className = statement.name.text;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        const decorators = decoratorsOf(member);
        if (!decorators.some((d) => HTTP_METHODS.has(d.name))) continue;
        const methodName = member.name.text;
        const where = `${className}.${methodName} (${path.relative(root, file)})`;
        const header = decorators.find((d) => d.name === 'Header' && stringValue(d.args[0])?.toLowerCase() === 'content-type');
        const writesOwnAnswer = member.parameters.some((parameter) =>
          decoratorsOf(parameter).some(({ name, args }) => {
            if (name !== 'Res' && name !== 'Response') return false;
            const options = args[0];
            const passthrough =
              options &&
              ts.isObjectLiteralExpression(options) &&
              options.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText(sourceFile) === 'passthrough' && p.initializer.kind === ts.SyntaxKind.TrueKeyword);
            return !passthrough;
          }),
        );
        const node = writesOwnAnswer ? null : answerTypeNode(member, where);
        const binary = !!node && ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && BINARY_TYPES.has(node.typeName.text);
        handlers.push({
          className,
          methodName,
          file,
          answerType: node && !binary ? node.getText(sourceFile) : null,
          binary,
          contentType: stringValue(header?.args[1])?.split(';')[0].trim(),
          writesOwnAnswer,
        });
      }
    }
  }
  return handlers.sort((a, b) => a.className.localeCompare(b.className) || a.methodName.localeCompare(b.methodName));
}

const aliasName = (handler: Handler) => `${ALIAS_PREFIX}${handler.className}__${handler.methodName}`;

/**
 * The same program with each controller file ending in one exported alias per handler answer
 * (`export type __OpenApiAnswer__VehiclesController__detail = VehicleDetail;`), so that the generator reads
 * the handler's type with the names its file imports.
 */
function programWithAnswerAliases(program: ts.Program, handlers: Handler[]): ts.Program {
  const appended = new Map<string, string>();
  for (const handler of handlers) {
    if (handler.answerType === null) continue;
    appended.set(handler.file, `${appended.get(handler.file) ?? ''}\nexport type ${aliasName(handler)} = ${handler.answerType};\n`);
  }
  const options = program.getCompilerOptions();
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const extra = appended.get(path.resolve(fileName));
    if (extra === undefined) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    return ts.createSourceFile(fileName, `${ts.sys.readFile(fileName) ?? ''}${extra}`, languageVersion, true);
  };
  return ts.createProgram({ rootNames: program.getRootFileNames(), options, host, oldProgram: program });
}

function findTypeDeclaration(program: ts.Program, file: string, name: string): ts.Node {
  const sourceFile = program.getSourceFiles().find((s) => path.resolve(s.fileName) === file);
  const node = sourceFile?.statements.find(
    (s) => (ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)) && s.name.text === name,
  );
  if (!node) throw new Error(`${name} is not declared in ${path.relative(root, file)}`);
  return node;
}

/** A definition's name as an OpenAPI component name (letters, digits, '.', '-', '_'): Paginated<AdminVehicle> is Paginated_AdminVehicle. */
export function componentName(definition: string): string {
  return definition
    .replace(/[<>,|&\s"'[\]{}()]+/g, '_')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

const DEFINITIONS = '#/definitions/';
const COMPONENTS = '#/components/schemas/';

/** JSON Schema (draft 7, as the generator writes it) in the dialect of OpenAPI 3.0's schema objects. */
export function toOpenApiSchema(input: unknown): Schema {
  const schema = { ...(input as Schema) };
  delete schema.$schema;
  delete schema.$comment;
  if (typeof schema.$ref === 'string') {
    const ref = decodeURIComponent(schema.$ref);
    return { $ref: ref.startsWith(DEFINITIONS) ? COMPONENTS + componentName(ref.slice(DEFINITIONS.length)) : ref };
  }
  if ('const' in schema) {
    schema.enum = [schema.const];
    delete schema.const;
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    if (types.length < schema.type.length) schema.nullable = true;
    if (types.length === 1) schema.type = types[0];
    else {
      delete schema.type;
      schema.anyOf = types.map((type) => ({ type }));
    }
  }
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) {
    schema.enum = schema.enum.filter((value) => value !== null);
    schema.nullable = true;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const others = list.filter((item) => !(item && typeof item === 'object' && (item as Schema).type === 'null'));
    if (others.length === list.length) {
      schema[key] = list.map(toOpenApiSchema);
      continue;
    }
    delete schema[key];
    schema.nullable = true;
    if (others.length > 1) schema[key] = others.map(toOpenApiSchema);
    else if (others.length === 1) {
      const only = toOpenApiSchema(others[0]);
      // A $ref ignores its siblings in OpenAPI 3.0: a nullable reference is an allOf of one.
      if (only.$ref) schema.allOf = [only];
      else Object.assign(schema, only, { nullable: true });
    }
  }
  if (Array.isArray(schema.allOf)) schema.allOf = schema.allOf.map(toOpenApiSchema);
  if (schema.not) schema.not = toOpenApiSchema(schema.not);
  if (Array.isArray(schema.items)) {
    // A tuple: OpenAPI 3.0 has no per-position items, so any of them at every position, and its length.
    const items = schema.items.map(toOpenApiSchema);
    schema.items = items.length === 1 ? items[0] : { anyOf: items };
    schema.minItems ??= items.length;
    if (schema.additionalItems === false || schema.additionalItems === undefined) schema.maxItems ??= items.length;
    delete schema.additionalItems;
  } else if (schema.items) schema.items = toOpenApiSchema(schema.items);
  if (schema.properties) {
    schema.properties = Object.fromEntries(Object.entries(schema.properties as Schema).map(([name, value]) => [name, toOpenApiSchema(value)]));
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    schema.additionalProperties = toOpenApiSchema(schema.additionalProperties);
  }
  if (Array.isArray(schema.examples)) {
    schema.example = schema.examples[0];
    delete schema.examples;
  }
  delete schema.propertyNames;
  delete schema.patternProperties;
  return schema;
}

export interface ResponseSchemas {
  /** Components: the named contract types the answers reach, and the error shape. */
  schemas: Record<string, Schema>;
  /** The error shape's component name. */
  errorSchema: string;
  /** Controller class, then handler method: its success answer. */
  handlers: Record<string, Record<string, HandlerAnswer>>;
}

export function responseSchemas(program: ts.Program): ResponseSchemas {
  const handlers = findHandlers(program);
  const virtual = programWithAnswerAliases(program, handlers);
  const config: Config = {
    tsProgram: virtual,
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    skipTypeCheck: true,
    encodeRefs: false,
    sortProps: false,
    additionalProperties: false,
    functions: 'hide',
  };
  const roots = [
    ...handlers.filter((h) => h.answerType !== null).map((h) => findTypeDeclaration(virtual, h.file, aliasName(h))),
    findTypeDeclaration(virtual, ERROR_TYPE.file, ERROR_TYPE.name),
  ];
  const { definitions = {} } = createGenerator(config).createSchemaFromNodes(roots) as { definitions?: Record<string, unknown> };

  const schemas: Record<string, Schema> = {};
  const names = new Map<string, string>();
  for (const [definition, schema] of Object.entries(definitions)) {
    if (definition.startsWith(ALIAS_PREFIX)) continue;
    const name = componentName(definition);
    const clash = names.get(name);
    if (clash !== undefined) throw new Error(`two answer types are both named ${name} in the document (${clash}, ${definition}): rename one`);
    names.set(name, definition);
    schemas[name] = toOpenApiSchema(schema);
  }
  const answers: ResponseSchemas['handlers'] = {};
  for (const handler of handlers) {
    const answer: HandlerAnswer = {};
    if (handler.writesOwnAnswer) answer.writesOwnAnswer = true;
    if (handler.contentType && handler.contentType !== 'application/json') answer.contentType = handler.contentType;
    if (handler.binary) {
      answer.contentType ??= 'application/octet-stream';
      answer.schema = BINARY_SCHEMA;
    } else if (handler.answerType !== null) {
      const definition = definitions[aliasName(handler)];
      if (!definition) throw new Error(`no schema for ${handler.className}.${handler.methodName}'s answer (${handler.answerType})`);
      answer.schema = toOpenApiSchema(definition);
    }
    (answers[handler.className] ??= {})[handler.methodName] = answer;
  }
  return { schemas: sortKeys(schemas), errorSchema: ERROR_TYPE.name, handlers: answers };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** The generated file's text. */
export function responseSchemasSource(result: ResponseSchemas): string {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return `/* eslint-disable */
/**
 * Generated by \`npm run openapi\` (scripts/openapi/response-schemas.mts) from the return types the route
 * handlers declare: do not edit. openapi.ts references these schemas from each operation's success answer.
 */
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

export interface HandlerAnswer {
  /** The media type of a success answer (application/json when absent). */
  contentType?: string;
  /** The answer's schema; absent when the handler answers no body. */
  schema?: SchemaObject | ReferenceObject;
  /** The handler writes its own answer (a redirect, a file): its @ApiResponse decorators describe it. */
  writesOwnAnswer?: true;
}

/** The named contract types the answers reach, and the error shape. */
export const answerSchemas: Record<string, SchemaObject | ReferenceObject> = ${json(result.schemas)};

/** The component of the API's one error shape. */
export const errorSchemaName = ${json(result.errorSchema)};

/** Controller class, then handler method: its success answer. */
export const handlerAnswers: Record<string, Record<string, HandlerAnswer>> = ${json(result.handlers)};
`;
}
