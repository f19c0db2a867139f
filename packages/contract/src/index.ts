export * from './auth.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './messages.ar.ts';
export * from './money.ts';
export * from './organisation.ts';
export * from './scope.ts';
