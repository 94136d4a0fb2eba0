/**
 * `@app/shared/server`: the contracts only the API and the Node tools use, because they need what a browser
 * bundle must never carry (sharp and node: built-ins for photos, @nestjs/mapped-types for partial DTOs).
 * The frontends import `@app/shared` (libs/shared/src/index.ts) only; import-graph.spec.ts fails if a
 * browser entry reaches this file or those packages.
 */
export * from '../admin/admin-vehicle-edit.dto';
export * from '../uploads/photo-encoder';
export * from '../database/node-sqlite';
