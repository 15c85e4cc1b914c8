export * from './constants.js';
export * from './primitives.js';
export * from './entities.js';
export * from './requests.js';
export * from './errors.js';
export * from './oauth.js';
export * from './imports.js';
export * from './linkvault-export.js';
