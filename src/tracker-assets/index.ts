// The tracker assets feature's public entry: its wiring (serving the tracking script's build).
export { projectTrackerLocation, registerTrackerAssets, type TrackerAssetsOptions } from './tracker-assets-module.js';
