// Stand-in metrics module: reports web vitals to the console (the tracker's real module replaces it).
import { onCLS, onLCP } from 'web-vitals';

onCLS((metric) => console.debug('loupe', metric.name, metric.value));
onLCP((metric) => console.debug('loupe', metric.name, metric.value));
