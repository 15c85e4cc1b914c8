import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

/** Renders an extension page (popup or options) into its #root. */
export function mount(page: ReactNode): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  createRoot(root).render(<StrictMode>{page}</StrictMode>);
}
