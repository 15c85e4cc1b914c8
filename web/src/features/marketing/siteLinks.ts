/**
 * Outbound links of the marketing page. Each instance is self-hosted, so an operator can point them at
 * their own project page or contact address at build time (Vite exposes only VITE_-prefixed variables).
 */
const env = import.meta.env as Record<string, string | undefined>;

export const SOCIAL_LINK = {
  label: 'GitHub',
  href: env.VITE_SOCIAL_URL || 'https://github.com/linkvault/linkvault',
};

export const SALES_HREF = env.VITE_SALES_URL || 'mailto:sales@linkvault.app?subject=Linkvault%20Team';
