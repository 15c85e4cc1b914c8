import { tagKey } from '../../contracts/tags.js';
import { ENGLISH, isContentWord } from '../enrich/text/language.js';
import { words } from '../enrich/text/words.js';
import { readJson } from '../lib/json-column.js';
import type { LinkText } from '../library/link-suggestions.repository.js';

/**
 * How much each field counts. A tag is the person's (or the tagger's) own word for the topic, so it counts
 * most; a title names the topic in few words; a description and a short summary say more, with more noise.
 * The site counts once: "github.com" says something of a link, rarely all.
 */
const WEIGHTS = { tag: 3, title: 2, text: 1, site: 1 } as const;

/**
 * A link's terms with their weights, for the folder classifier: tags as `#tag` (folded as tags are
 * compared), the content words of its title, description and short summary as the summariser and the
 * tagger see them (ICU's word boundaries, stop words dropped, a light stem), and its site. English stop
 * words and stem for every link: a link's language is not on its row, and the classifier weighs words
 * that every folder holds (another language's "der", "la") as evidence for none.
 */
export function linkTerms(link: LinkText): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (term: string, weight: number) => terms.set(term, (terms.get(term) ?? 0) + weight);
  const tags = readJson<unknown>(link.tags, []);
  for (const tag of Array.isArray(tags) ? tags : []) {
    if (typeof tag === 'string' && tagKey(tag)) add(`#${tagKey(tag)}`, WEIGHTS.tag);
  }
  const text = (value: string | null, weight: number) => {
    for (const word of words(value ?? '')) if (isContentWord(word, ENGLISH)) add(ENGLISH.stem(word), weight);
  };
  text(link.title, WEIGHTS.title);
  // A page's description is often its summary's first sentence: counted once, not twice.
  const description = link.description ?? link.og_description;
  text(description, WEIGHTS.text);
  if (link.summary_short && link.summary_short !== description) text(link.summary_short, WEIGHTS.text);
  text(link.summary_long, WEIGHTS.text);
  const points = readJson<unknown>(link.key_points, []);
  for (const point of Array.isArray(points) ? points : [])
    if (typeof point === 'string') text(point, WEIGHTS.text);
  const site = siteOf(link.url);
  if (site) add(`@${site}`, WEIGHTS.site);
  return terms;
}

const siteOf = (url: string) => (URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : null);
