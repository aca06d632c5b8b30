// ErrorMessage: the API's own words for a failed call, announced to screen readers.
export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof Error ? error.message : 'Something went wrong';
  return <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">{text}</p>;
}
