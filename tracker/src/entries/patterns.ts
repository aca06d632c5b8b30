// patterns.js: skip and mask globs, loaded (before anything is sent) only when the tag has data-skip-patterns or data-mask-patterns.
import { globList, reportedPath } from '../glob.js';
import { moduleTag } from '../modules.js';

const tag = moduleTag();
if (tag) {
  const skip = globList(tag.getAttribute('data-skip'));
  const mask = globList(tag.getAttribute('data-mask'));
  (window as unknown as Record<string, unknown>)['_' + tag.getAttribute('data-ns') + 'Path'] = (path: string) => reportedPath(skip, mask, path);
}
