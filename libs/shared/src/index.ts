export * from './common/api-error';
export * from './common/format';
export * from './common/public-config.contract';
export * from './common/transforms';
export * from './auth/auth.dto';
export * from './auth/user.contract';
export * from './vehicles/vocabularies';
export * from './vehicles/limits';
