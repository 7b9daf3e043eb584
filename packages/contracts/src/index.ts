import './zod-locale';

export * from './auth';
export * from './common';
export * from './messages';
export * from './module-config';
export * from './modules';
export * from './password';
export * from './permissions';
export * from './scanner';
export * from './warehouses';
export * from './scanner';
export * from './warehouses';
