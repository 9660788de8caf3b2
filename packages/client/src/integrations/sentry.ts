// The three calls error reporting makes, imported by name so the bundler keeps only what they need of the SDK
// (a dynamic import of '@sentry/browser' itself keeps all of it: replay, feedback and the rest, ~170 KB gzip).
export { captureException, init, setUser } from '@sentry/browser';
