// SiteFields: the inputs of a new site (domain, name, bot filtering), shared by first-run setup and "Add a site".
import { CheckboxField } from './checkbox-field';
import { TextField } from './text-field';
import type { NewSite } from '../api/types';

/** The NewSite body from a form holding SiteFields. */
export function newSiteFrom(form: FormData): NewSite {
  const domain = String(form.get('domain') ?? '').trim();
  const name = String(form.get('name') ?? '').trim();
  return { domain, ...(name ? { name } : {}), blockBots: form.get('blockBots') === 'on' };
}

export function SiteFields() {
  return (
    <>
      <TextField label="Domain" name="domain" required placeholder="example.com" autoComplete="off" hint="The site's host name, without https://" />
      <TextField label="Site name" name="name" placeholder="My site" autoComplete="off" hint="Shown in the dashboard; the domain when left empty" />
      <CheckboxField label="Filter out bots" name="blockBots" defaultChecked hint="Drop visits from crawlers and automated browsers" />
    </>
  );
}
