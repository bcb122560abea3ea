import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The build machines are shared and often loaded: a first render can take seconds there.
configure({ asyncUtilTimeout: 5_000 });

// Test files share one jsdom per worker (vite.config.ts, isolate: false): nothing of a test stays.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
