// Dexie alone, for src/main.tsx's start-up steps: evaluating the library (its UMD bundle sets up a good deal)
// is a task of its own, before the task that evaluates the store's modules and declares the schema.
export { Dexie } from 'dexie';
