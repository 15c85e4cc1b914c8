import { createContext, useContext } from 'react';
import type { Folder, Link, Snippet } from '../../../../contracts/index.js';
import type { ReadingChanges } from '../links/readingMarks';

/** What any part of the dashboard may ask for: the dialogs and panels are owned by the Dashboard route. */
export interface DashboardActions {
  addLink: () => void;
  editLink: (link: Link) => void;
  moveLink: (link: Link) => void;
  deleteLink: (link: Link) => void;
  showLink: (link: Link) => void;
  /** Favourite, read, archived and reading progress: optimistic PATCHes. */
  markLink: (link: Link, changes: ReadingChanges) => void;
  createFolder: () => void;
  editFolder: (folder: Folder) => void;
  /** Opens the folder's public page dialog. */
  publishFolder: (folder: Folder) => void;
  /** The Share dialog, the folder owner's (features/sharing). */
  shareFolder: (folder: Folder) => void;
  showSnippet: (snippet: Snippet) => void;
  deleteSnippet: (snippet: Snippet) => void;
}

export const DashboardContext = createContext<DashboardActions | null>(null);

export function useDashboardActions(): DashboardActions {
  const actions = useContext(DashboardContext);
  if (!actions) throw new Error('useDashboardActions must be used inside the Dashboard');
  return actions;
}

/** SPEC.md §8: confirmations. */
export const CONFIRM = {
  deleteLink: 'Are you sure you want to delete this link?',
  deleteSnippet: 'Are you sure you want to delete this snippet?',
  deleteFolder: (name: string) =>
    `Are you sure you want to delete "${name}"? Links in this folder will be moved to Uncategorized.`,
};
