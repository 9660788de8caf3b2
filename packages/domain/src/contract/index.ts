export * from './define-route.ts';
