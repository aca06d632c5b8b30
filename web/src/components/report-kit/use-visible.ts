// useVisible: true once the element has come near the viewport (IntersectionObserver), so cards below the fold wait.
import { useEffect, useState, type RefObject } from 'react';

export function useVisible(ref: RefObject<Element | null>, margin = '100px'): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, visible]);
  return visible;
}
