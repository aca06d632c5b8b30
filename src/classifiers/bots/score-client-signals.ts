// The client_signals layer: the tracking script's bot score (_bs) and signal bitmask (_bsm), weighed per catalogs/headless-signals.json.
import { z } from 'zod';
import { readCatalog } from '../catalogs/read-catalog.js';

const isPowerOfTwo = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && Math.log2(n) % 1 === 0;

export const headlessSignalsSchema = z
  .object({
    threshold: z.number().int().min(1),
    signals: z.array(
      z.object({
        bit: z.number().refine(isPowerOfTwo, 'bit must be a power of two'),
        id: z.string().min(1),
        weight: z.number().int().min(1),
        detects: z.string(),
      }),
    ),
  })
  .refine((file) => new Set(file.signals.map((s) => s.bit)).size === file.signals.length, 'bits must be unique');
export type HeadlessSignalsConfig = z.infer<typeof headlessSignalsSchema>;

export interface ClientSignalScore {
  /** Sum of the weights of the known bits set in the mask. */
  readonly weight: number;
  /** The client's own score, 0 when absent or not a non-negative number. */
  readonly clientScore: number;
  /** Ids of the known bits set, in data-file order. */
  readonly signals: readonly string[];
  readonly flagged: boolean;
}

let defaultConfig: HeadlessSignalsConfig | undefined;

export function loadHeadlessSignalsConfig(): HeadlessSignalsConfig {
  defaultConfig ??= readCatalog('headless-signals.json', headlessSignalsSchema);
  return defaultConfig;
}

/** Bits are tested arithmetically, so masks above 2^31 (where `&` wraps) still read correctly. */
function hasBit(mask: number, bit: number): boolean {
  return Math.floor(mask / bit) % 2 === 1;
}

/** Fires when the larger of `_bs` and the weight of the set bits reaches the threshold. */
export function scoreClientSignals(
  clientScore: number | undefined,
  clientSignals: number | undefined,
  config: HeadlessSignalsConfig = loadHeadlessSignalsConfig(),
): ClientSignalScore {
  const score = clientScore !== undefined && Number.isFinite(clientScore) && clientScore > 0 ? clientScore : 0;
  const mask = clientSignals !== undefined && Number.isSafeInteger(clientSignals) && clientSignals > 0 ? clientSignals : 0;
  const set = config.signals.filter((signal) => hasBit(mask, signal.bit));
  const weight = set.reduce((sum, signal) => sum + signal.weight, 0);
  return {
    weight,
    clientScore: score,
    signals: set.map((signal) => signal.id),
    flagged: Math.max(score, weight) >= config.threshold,
  };
}
