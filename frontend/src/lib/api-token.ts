const storageKey = 'soapbench.apiToken';

export function readApiToken(): string {
  try {
    return window.localStorage.getItem(storageKey) ?? '';
  } catch {
    return '';
  }
}

export function saveApiToken(token: string): void {
  try {
    if (token.trim()) window.localStorage.setItem(storageKey, token.trim());
    else window.localStorage.removeItem(storageKey);
  } catch {
    // Storage can be disabled (private browsing); the token then lives only for this page.
  }
}
