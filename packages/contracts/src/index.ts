import './zod-locale';

export * from './article-info';
export * from './auth';
export * from './captures';
export * from './common';
export * from './geo-position';
export * from './gift-cards';
export * from './gs1';
export * from './gtin';
export * from './messages';
export * from './module-config';
export * from './modules';
export * from './notifications';
export * from './password';
export * from './permissions';
export * from './safe-input';
export * from './scanner';
export * from './warehouses';
