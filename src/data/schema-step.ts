// The store's schema alone, for src/main.tsx's start-up steps: the database instance, whose every version's
// stores Dexie parses as it is declared (about half of the store's evaluation), is a task of its own, before
// the task that evaluates the rest of the store's modules.
import './db';
