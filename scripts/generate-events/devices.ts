// Browser, operating system, device type and screen size drawn together so they stay consistent.
import type { DevicesTable, Engine } from './catalog-schema.js';
import type { Prng } from './prng.js';
import { WeightedPicker, pickerFromPairs } from './weighted-picker.js';

export interface Device {
  readonly browser: string;
  readonly browserVersion: string;
  readonly os: string;
  readonly osVersion: string;
  readonly deviceType: string;
  /** The JavaScript engine, which decides how error messages and stacks read. */
  readonly engine: Engine;
  readonly screenWidth: number;
  readonly screenHeight: number;
}

interface Profile {
  readonly browser: string;
  readonly os: string;
  readonly deviceType: string;
  readonly engine: Engine;
  readonly browserVersions: WeightedPicker<string>;
  readonly osVersions: WeightedPicker<string>;
  readonly screens: WeightedPicker<readonly [number, number]>;
}

export class Devices {
  private readonly profiles: WeightedPicker<Profile>;

  constructor(table: DevicesTable) {
    const profiles = table.profiles.map((profile): Profile => {
      const screens = table.screens[profile.screens];
      if (!screens) throw new Error(`devices.json names an unknown screen group "${profile.screens}"`);
      return {
        browser: profile.browser,
        os: profile.os,
        deviceType: profile.deviceType,
        engine: profile.engine,
        browserVersions: pickerFromPairs(profile.browserVersions),
        osVersions: pickerFromPairs(profile.osVersions),
        screens: new WeightedPicker(
          screens.map(([width, height]) => [width, height] as const),
          screens.map((screen) => screen[2]),
        ),
      };
    });
    this.profiles = new WeightedPicker(profiles, table.profiles.map((profile) => profile.weight));
  }

  draw(rng: Prng): Device {
    const profile = this.profiles.pick(rng);
    const [screenWidth, screenHeight] = profile.screens.pick(rng);
    return {
      browser: profile.browser,
      browserVersion: profile.browserVersions.pick(rng),
      os: profile.os,
      osVersion: profile.osVersions.pick(rng),
      deviceType: profile.deviceType,
      engine: profile.engine,
      screenWidth,
      screenHeight,
    };
  }
}
