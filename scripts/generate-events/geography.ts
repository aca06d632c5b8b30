// Where visitors are: countries weighted by their local time of day, then a city (or none) and a language.
import type { GeoTable } from './catalog-schema.js';
import type { Prng } from './prng.js';
import { WeightedPicker, pickerFromPairs } from './weighted-picker.js';

export interface Place {
  readonly country: string;
  readonly region: string;
  readonly city: string;
  readonly lat: number;
  readonly lon: number;
  readonly timezone: string;
  /** Network distance factor applied to time-to-first-byte and paint times. */
  readonly latency: number;
}

interface CountryEntry {
  readonly code: string;
  readonly cities: WeightedPicker<Place>;
  readonly unknownCity: Place;
  readonly languages: WeightedPicker<string>;
}

function localHour(utcHour: number, offset: number): number {
  return (((Math.floor(utcHour + offset) % 24) + 24) % 24);
}

export class Geography {
  /** Relative traffic of each UTC hour of the day once every country's local rhythm is summed. */
  readonly hourlyMix: readonly number[];
  private readonly byHour: readonly WeightedPicker<CountryEntry>[];
  private readonly byCode = new Map<string, CountryEntry>();
  private readonly unknownCityShare: number;

  constructor(table: GeoTable, diurnalLocal: readonly number[]) {
    this.unknownCityShare = table.unknownCityShare;
    const entries = table.countries.map((country): CountryEntry => {
      const cities = country.cities.map(([region, city, lat, lon, timezone]) => ({
        country: country.code, region, city, lat, lon, timezone, latency: country.latency,
      }));
      const entry = {
        code: country.code,
        cities: new WeightedPicker(cities, country.cities.map((city) => city[5])),
        unknownCity: { country: country.code, region: '', city: '', lat: 0, lon: 0, timezone: '', latency: country.latency },
        languages: pickerFromPairs(country.languages),
      };
      this.byCode.set(country.code, entry);
      return entry;
    });
    const hourWeights = Array.from({ length: 24 }, (_, utcHour) =>
      table.countries.map((country) => country.weight * (diurnalLocal[localHour(utcHour, country.utcOffset)] ?? 0)),
    );
    this.byHour = hourWeights.map((weights) => new WeightedPicker(entries, weights));
    const total = table.countries.reduce((sum, country) => sum + country.weight, 0);
    this.hourlyMix = hourWeights.map((weights) => weights.reduce((sum, weight) => sum + weight, 0) / total);
  }

  /** A place for a visitor arriving at `utcHour` (0..23). */
  drawPlace(rng: Prng, utcHour: number): Place {
    const country = this.byHour[utcHour]?.pick(rng);
    if (!country) throw new Error(`UTC hour out of range: ${utcHour}`);
    return rng.chance(this.unknownCityShare) ? country.unknownCity : country.cities.pick(rng);
  }

  drawLanguage(rng: Prng, countryCode: string): string {
    return this.byCode.get(countryCode)?.languages.pick(rng) ?? 'en-US';
  }
}
