// How the goals page writes the API's figures: a 0..1 conversion rate as a percentage.

/** 0.6667 -> "66.67%" (the API rounds the fraction to 4 decimals; this only changes how it is written). */
export function formatRate(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}
