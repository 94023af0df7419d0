// The URL readers are generic (src/shared/lib/url-params.ts); the car entity re-exports them for its screens.
export * from '@/shared/lib/url-params';
