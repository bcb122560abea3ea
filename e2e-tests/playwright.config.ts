import { defineConfig } from '@playwright/test';

const baseURL = process.env.SOAPBENCH_E2E_URL ?? 'http://127.0.0.1:18080';

// Debian's Chromium: Playwright's own browser downloads are not reachable from the test machines.
const chromiumPath = process.env.SOAPBENCH_E2E_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // A full comparison builds and measures two stacks; the spec sets its own longer timeout.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
