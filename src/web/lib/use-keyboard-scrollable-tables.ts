import { useEffect, useRef } from 'react';

/**
 * antd's wide tables scroll sideways in a container that a keyboard cannot reach (WCAG 2.1.1):
 * make every table scroll container inside the returned element focusable, so arrow keys scroll it.
 */
export function useKeyboardScrollableTables<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  // After every render: antd creates its scroll containers when the data arrives.
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((scroller) => {
      if (scroller.tabIndex < 0) {
        scroller.tabIndex = 0;
        scroller.setAttribute('aria-label', 'Table, scrolls sideways');
        scroller.setAttribute('role', 'region');
      }
    });
  });
  return ref;
}
