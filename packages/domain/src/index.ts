export * from './roles.js';
export * from './constants.js';
export * from './common/problem.js';
export * from './common/messages.js';
export * from './account/contracts.js';
export * from './common/paging.js';
export * from './common/mail.js';
export * from './admin/contracts.js';
