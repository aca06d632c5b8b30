// TextLink: an underlined in-app link in running text (the signed-out and account pages).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FOCUS_RING } from '../button';

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return <Link to={to} className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>{children}</Link>;
}
