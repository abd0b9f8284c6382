import { useEffect } from 'react';

/** The window title follows the page: "Order management · Kura". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Kura`;
  }, [title]);
}
