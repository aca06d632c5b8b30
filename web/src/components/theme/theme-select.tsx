// ThemeSelect: the header's theme choice (system, light, dark).
import { useId } from 'react';
import { FOCUS_RING } from '../button';
import { chooseTheme, THEME_CHOICES, useTheme, type ThemeChoice } from './theme';

const NAMES: Readonly<Record<ThemeChoice, string>> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSelect() {
  const id = useId();
  const { choice } = useTheme();
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">Theme</label>
      <select id={id} data-testid="theme" value={choice} onChange={(event) => chooseTheme(event.target.value as ThemeChoice)}
        className={`min-h-10 rounded-md border border-slate-300 bg-white px-1 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`}>
        {THEME_CHOICES.map((entry) => <option key={entry} value={entry}>{entry === 'system' ? '◐ ' : entry === 'light' ? '☀ ' : '☾ '}{NAMES[entry]}</option>)}
      </select>
    </div>
  );
}
