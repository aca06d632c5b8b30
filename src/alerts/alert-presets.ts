// The built-in alert presets: a starting definition a rule can name instead of spelling it out.

export const ALERT_PRESET_NAMES = ['traffic_spike', 'traffic_drop', 'error_surge'] as const;
export type AlertPresetName = (typeof ALERT_PRESET_NAMES)[number];

export interface AlertPreset {
  readonly name: AlertPresetName;
  readonly title: string;
  readonly description: string;
  readonly metric: 'visitors' | 'errors';
  readonly window: 'hour' | 'day';
  readonly condition: 'increase_pct' | 'decrease_pct';
  readonly threshold: number;
}

export const ALERT_PRESETS: readonly AlertPreset[] = [
  {
    name: 'traffic_spike', title: 'Traffic spike', metric: 'visitors', window: 'hour', condition: 'increase_pct', threshold: 100,
    description: 'Visitors in the last hour more than double those of the same hour a week earlier',
  },
  {
    name: 'traffic_drop', title: 'Traffic drop', metric: 'visitors', window: 'day', condition: 'decrease_pct', threshold: 50,
    description: 'Visitors in the last day fall by more than half against the same day a week earlier',
  },
  {
    name: 'error_surge', title: 'Error surge', metric: 'errors', window: 'hour', condition: 'increase_pct', threshold: 200,
    description: 'Error events in the last hour more than triple those of the same hour a week earlier',
  },
];

export function presetNamed(name: AlertPresetName): AlertPreset {
  const preset = ALERT_PRESETS.find((each) => each.name === name);
  if (!preset) throw new Error(`Unknown preset ${name}`);
  return preset;
}
