// The browsers' and systems' brand marks, from the simple-icons package (CC0, bundled: nothing is loaded from
// elsewhere). Only the marks named here are imported, so the bundle carries these few paths, not the whole set.
// Brands the package does not carry (Microsoft's: Edge, Windows, Internet Explorer) keep their letter badge.
import {
  siAndroid, siArchlinux, siBrave, siDebian, siDuckduckgo, siFedora, siFirefoxbrowser, siGooglechrome, siIos, siKaios, siLinux, siMacos,
  siOpera, siSafari, siSamsung, siUbuntu, siVivaldi, type SimpleIcon,
} from 'simple-icons';

/** The mark of a browser or system name as the user-agent parser writes it, by its lowercased name. */
const BRAND_ICONS: Readonly<Record<string, SimpleIcon>> = {
  chrome: siGooglechrome, 'chrome mobile': siGooglechrome, 'chrome webview': siGooglechrome, 'chrome os': siGooglechrome, chromeos: siGooglechrome,
  firefox: siFirefoxbrowser, 'firefox mobile': siFirefoxbrowser, safari: siSafari, 'mobile safari': siSafari, opera: siOpera,
  'samsung internet': siSamsung, 'samsung browser': siSamsung, brave: siBrave, vivaldi: siVivaldi, duckduckgo: siDuckduckgo,
  macos: siMacos, 'mac os': siMacos, ios: siIos, android: siAndroid, linux: siLinux, ubuntu: siUbuntu, fedora: siFedora,
  debian: siDebian, 'arch linux': siArchlinux, arch: siArchlinux, kaios: siKaios,
};

export const brandIconOf = (name: string): SimpleIcon | undefined => BRAND_ICONS[name.toLowerCase()];
