// The colour theme: the reader's choice (system, light or dark) kept in this browser, applied as `data-theme` on
// the root element, which Tailwind's `dark:` variant follows (index.css); "system" follows the system's preference.
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'loupe-theme';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();
/** A theme the page fixes whatever the reader chose (an embedded dashboard's `theme` parameter). */
let fixed: 'light' | 'dark' | undefined;

export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** The theme drawn: a fixed one, else the choice, or the system's preference for "system". */
export function effectiveTheme(choice: ThemeChoice = storedTheme()): 'light' | 'dark' {
  if (fixed !== undefined) return fixed;
  if (choice !== 'system') return choice;
  return typeof matchMedia === 'function' && matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light';
}

function apply(): void {
  const theme = effectiveTheme();
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // A browser that keeps nothing still switches for this page.
  }
  apply();
}

/** Fixes the theme for this page (undefined: back to the reader's choice); charts and `dark:` follow it. */
export function fixTheme(theme: 'light' | 'dark' | undefined): void {
  fixed = theme;
  apply();
}

/** Applies the stored choice now and follows the system's preference while the choice is "system". */
export function startTheme(): void {
  apply();
  if (typeof matchMedia === 'function') matchMedia(SYSTEM_DARK).addEventListener('change', apply);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The reader's choice and the theme drawn, re-rendering when either changes. */
export function useTheme(): { choice: ThemeChoice; theme: 'light' | 'dark' } {
  const choice = useSyncExternalStore(subscribe, storedTheme, () => 'system' as const);
  const theme = useSyncExternalStore(subscribe, () => effectiveTheme(), () => 'light' as const);
  return { choice, theme };
}
