// The favicons feature's public entry: its wiring and the fetcher's options (tests point it at a loopback server).
export { registerFavicons, type FaviconsModuleDeps } from './favicons-module.js';
export type { FaviconFetcherOptions } from './favicon-fetcher.js';
