// The scoring lives in ONE module shared with the app (which runs it on the device when offline).
export * from '../../../src/domain/ai/scoring.ts';
