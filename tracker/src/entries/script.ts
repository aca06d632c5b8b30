// Stand-in core entry: loads the metrics module from beside its own src (the tracker's real core replaces it).
(function load(): void {
  const current = document.currentScript as HTMLScriptElement | null;
  if (!current) return;
  const module = document.createElement('script');
  module.src = current.src.replace(/[^/]*$/, 'metrics.js');
  document.head.appendChild(module);
})();
