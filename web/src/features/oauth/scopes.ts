/** SPEC.md §2 and §6: the read-only scopes an assistant can ask for, with the words the consent screen uses. */
export const SCOPES: Record<string, { label: string; description: string }> = {
  'read:folders': { label: 'Folders', description: 'View your folders and their names' },
  'read:links': {
    label: 'Links',
    description: 'View your saved links, including summaries and AI-generated insights',
  },
};

/** The scope parameter is space-separated; duplicates and stray spaces say nothing more. */
export function parseScopes(scope: string | null): string[] {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))];
}
