// useUrlChoice: a page's choice from a closed list held in the URL (see url-choice.ts), with its setter.
import { useSearchParams } from 'react-router';
import { readChoice, writeChoice } from './url-choice';

export function useUrlChoice<T extends string>(name: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const [search, setSearch] = useSearchParams();
  const value = readChoice(search, name, allowed, fallback);
  return [value, (next: T) => setSearch((current) => writeChoice(current, name, next, fallback))];
}
