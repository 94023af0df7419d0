// @vitest-environment jsdom
// The app's start turns the HTML's inert entry and preloads into real ones: the entry at once, the preloads a
// few per task (each one inserted starts a request on the main thread), and all of them in the end.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRELOADS_PER_TASK, startApp } from './start-app';

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];

function inertPage(files: number, routeFiles = 0, screenFiles = 0): void {
  const links = Array.from({ length: files }, (_, i) => `<link rel="app-modulepreload" href="/assets/c${i}.js">`);
  const route = Array.from(
    { length: routeFiles },
    (_, i) => `<link rel="app-route-preload" data-route="listing" data-as="script" href="/assets/l${i}.js">`,
  );
  const screen = Array.from(
    { length: screenFiles },
    (_, i) => `<link rel="app-route-preload" data-route="screen" data-as="script" href="/assets/s${i}.js">`,
  );
  document.head.innerHTML = `<script type="text/plain" data-app-entry src="/assets/index.js"></script>${links.join('')}${route.join('')}${screen.join('')}<link rel="app-route-preload" data-route="listing" data-as="style" href="/assets/listing.css">`;
}

const paths = () => preloads().map((l) => new URL(l.href).pathname);

describe('startApp', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    delete document.documentElement.dataset.prerenderedPath;
    window.history.replaceState(null, '', '/');
  });

  it('adds the entry at once and the preloads a batch per task, every one of them in order', () => {
    const count = PRELOADS_PER_TASK * 2 + 3;
    inertPage(count);
    startApp(false);
    const entry = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(entry?.src).toMatch(/\/assets\/index\.js$/);
    expect(entry?.crossOrigin).toBe('');
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK);
    vi.advanceTimersToNextTimer();
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK * 2);
    vi.runAllTimers();
    expect(preloads().map((l) => new URL(l.href).pathname)).toEqual(
      Array.from({ length: count }, (_, i) => `/assets/c${i}.js`),
    );
    expect(preloads().every((l) => l.crossOrigin === '')).toBe(true);
    // The listing screen's files only on a listing link.
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it("on a listing link also asks for the listing screen's modules and stylesheet, first, in the entry's task", () => {
    inertPage(2, 3);
    startApp(true);
    // No timer run: the screen's files are asked for with the entry, before the app's own preloads.
    expect(preloads().map((l) => new URL(l.href).pathname)).toEqual([
      '/assets/l0.js',
      '/assets/l1.js',
      '/assets/l2.js',
      '/assets/c0.js',
      '/assets/c1.js',
    ]);
    const style = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]');
    expect(style?.as).toBe('style');
    expect(new URL(style!.href).pathname).toBe('/assets/listing.css');
  });

  it("on a screen's own page also asks for the screen's modules, after the app's", () => {
    inertPage(PRELOADS_PER_TASK, 0, 3);
    document.documentElement.dataset.prerenderedPath = '/marketplace';
    window.history.replaceState(null, '', '/marketplace?make=audi');
    startApp(false);
    vi.runAllTimers();
    expect(paths()).toEqual([
      ...Array.from({ length: PRELOADS_PER_TASK }, (_, i) => `/assets/c${i}.js`),
      '/assets/s0.js',
      '/assets/s1.js',
      '/assets/s2.js',
    ]);
  });

  it("at another address served the same page, asks for the app's modules only", () => {
    inertPage(2, 0, 3);
    document.documentElement.dataset.prerenderedPath = '/marketplace';
    window.history.replaceState(null, '', '/compare');
    startApp(false);
    vi.runAllTimers();
    expect(paths()).toEqual(['/assets/c0.js', '/assets/c1.js']);
  });

  it('asks for every file at low priority: a search tapped meanwhile goes before them', () => {
    inertPage(3, 2);
    startApp(true);
    vi.runAllTimers();
    const all = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')];
    expect(all).toHaveLength(6);
    expect(all.every((l) => l.fetchPriority === 'low')).toBe(true);
  });

  it('without an entry in the HTML starts no module and asks for no screen', () => {
    inertPage(0, 2);
    document.head.querySelector('script[data-app-entry]')?.remove();
    startApp(true);
    vi.runAllTimers();
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    expect(preloads()).toHaveLength(0);
  });
});
