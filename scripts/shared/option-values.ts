// Command-line option values shared by the benchmark scripts: the error a bad value raises, and whole numbers.

/** A bad option or value: the script prints its message and the usage text, and exits with 2. */
export class OptionsError extends Error {}

/** `--flag`'s value as a whole number of at least `min`, `fallback` when the option is absent. */
export function wholeOption(flag: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new OptionsError(`--${flag} must be a whole number >= ${min}, got "${text}"`);
  return Number(text);
}
