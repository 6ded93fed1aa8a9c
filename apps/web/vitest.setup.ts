import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens load their code on first use (route-level code splitting): on a busy 2-core CI machine the first import of a
// screen can take longer than the library's 1 s default to appear.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
