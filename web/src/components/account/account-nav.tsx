// AccountNav: links between the account's pages (settings, security).
import { NavLink } from 'react-router';
import { FOCUS_RING } from '../button';

const look = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 text-sm font-medium underline-offset-2 hover:underline ${FOCUS_RING} ${isActive ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200' : 'text-indigo-700 dark:text-indigo-300'}`;

export function AccountNav() {
  return (
    <nav aria-label="Account pages" className="flex flex-wrap gap-2">
      <NavLink end to="/account" className={look}>Settings</NavLink>
      <NavLink to="/account/security" className={look}>Security</NavLink>
    </nav>
  );
}
