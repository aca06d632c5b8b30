// /sites/:site/settings: a site's settings (being built).
export function SiteSettingsPage() {
  return <h1 className="text-2xl font-semibold">Site settings</h1>;
}

export { SiteSettingsPage as Component };
