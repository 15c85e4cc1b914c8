/**
 * Deterministic, realistic-looking text for the benchmark library. Words are drawn with a Zipf-like
 * skew (a few words are everywhere, most are rare), as in real titles, so a substring search has a
 * realistic number of hits rather than all or none.
 */

/** mulberry32: tiny, fast and seedable, so every run builds the same library. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = `javascript typescript python rust golang postgres sqlite kubernetes docker react design
startup productivity cooking travel history science climate music photography finance investing
security privacy linux compilers databases networking browsers testing performance architecture
leadership hiring writing reading habits sleep running cycling coffee bread gardening woodworking
typography accessibility css html webassembly graphql search caching queues observability logging
economics psychology philosophy astronomy physics biology chemistry mathematics statistics
machine learning embeddings transformers robotics electronics keyboards cameras podcasts movies
architecture urbanism transit housing energy batteries solar nuclear oceans forests birds cats dogs
chess poetry novels journalism marketing pricing negotiation remote meetings burnout careers`
  .split(/\s+/)
  .filter(Boolean);

const COMMON = `the a of and to in for on with how why what when guide notes introduction deep dive into
building understanding lessons learned from my our your first better faster simple practical modern
complete ultimate beginner advanced patterns mistakes tips tricks review tutorial explained part
thoughts about case against toward without every small large hidden real world open source free
new old best worst quick long short story history future state year weekend project tools field
manual checklist primer handbook essay interview talk slides paper thread video course workshop
data model system process team work life home city`
  .split(/\s+/)
  .filter(Boolean);

const LEADS = [
  'How to',
  'Why',
  'A guide to',
  'Notes on',
  'Understanding',
  'The case for',
  'What I learned about',
];
const SUFFIXES = [' (2023)', ' (2024)', ' — Part 2', ' [video]', ' [pdf]', ': a retrospective'];

const HOSTS = `github.com www.nytimes.com medium.com dev.to news.ycombinator.com www.youtube.com twitter.com
x.com www.instagram.com www.linkedin.com arxiv.org en.wikipedia.org www.theguardian.com blog.cloudflare.com
martinfowler.com jvns.ca danluu.com www.bbc.co.uk stackoverflow.com developer.mozilla.org lwn.net
www.economist.com substack.com paulgraham.com www.seriouseats.com www.atlasobscura.com arstechnica.com
www.quantamagazine.org simonwillison.net increment.com www.smashingmagazine.com css-tricks.com
overreacted.io www.notion.so docs.python.org doc.rust-lang.org www.postgresql.org sqlite.org`
  .split(/\s+/)
  .filter(Boolean);

const PLATFORM_OF_HOST: Record<string, 'youtube' | 'twitter' | 'instagram' | 'linkedin'> = {
  'www.youtube.com': 'youtube',
  'twitter.com': 'twitter',
  'x.com': 'twitter',
  'www.instagram.com': 'instagram',
  'www.linkedin.com': 'linkedin',
};

/** Picks from `items` with weight 1/(rank+1)^0.8: the first items are common, the tail is rare. */
function zipfPicker<T>(items: readonly T[]): (random: () => number) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 0; rank < items.length; rank++) {
    total += 1 / (rank + 1) ** ZIPF_EXPONENT;
    cumulative.push(total);
  }
  return (random) => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo] as T;
  };
}

/** Below 1 flattens the skew: the commonest topic word ends up in about one title in six, not one in three. */
const ZIPF_EXPONENT = 0.8;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export class TextGenerator {
  private readonly topic = zipfPicker(TOPICS);
  private readonly common = zipfPicker(COMMON);
  private readonly host = zipfPicker(HOSTS);

  constructor(readonly random: () => number) {}

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  /** Mostly common words with a topic word every few, like prose about something. */
  words(count: number): string[] {
    return Array.from({ length: count }, () =>
      this.chance(0.35) ? this.topic(this.random) : this.common(this.random),
    );
  }

  title(): string {
    const lead = this.chance(0.3) ? `${this.pick(LEADS)} ` : '';
    const body = Array.from({ length: this.int(2, 5) }, (_, i) =>
      i % 2 === 0 ? this.topic(this.random) : this.common(this.random),
    );
    const suffix = this.chance(0.1) ? this.pick(SUFFIXES) : '';
    return `${lead}${body.map(capitalise).join(' ')}${suffix}`;
  }

  sentence(minWords: number, maxWords: number): string {
    const text = this.words(this.int(minWords, maxWords)).join(' ');
    return `${capitalise(text)}.`;
  }

  paragraph(sentences: number): string {
    return Array.from({ length: sentences }, () => this.sentence(8, 20)).join(' ');
  }

  /** A page URL on a popular host whose path echoes the title, as blogs and news sites do. */
  url(title: string, serial: number): { url: string; host: string } {
    const host = this.host(this.random);
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const query = this.chance(0.1) ? `?utm_source=newsletter&ref=${serial}` : '';
    return { url: `https://${host}/${slug}-${serial.toString(36)}${query}`, host };
  }

  /** 1-4 tags: topic words, or (given `vocabulary`, from vocabularyOf) tags of that vocabulary. */
  tags(vocabulary?: (random: () => number) => string): string[] {
    const pick = vocabulary ?? this.topic;
    return [...new Set(Array.from({ length: this.int(1, 4) }, () => pick(this.random)))];
  }

  /**
   * A vocabulary of `size` tags, picked with the same skew as topics: the topic words, then two-word
   * tags made of them ("rust compilers"), as a person's tags grow past single words.
   */
  static vocabularyOf(size: number): (random: () => number) => string {
    const words = TOPICS.slice(0, size);
    for (let i = 0; words.length < size; i++) {
      words.push(`${TOPICS[i % TOPICS.length]} ${TOPICS[(i * 7 + 3) % TOPICS.length]}`);
    }
    return zipfPicker(words);
  }
}

export function platformOf(host: string): 'youtube' | 'twitter' | 'instagram' | 'linkedin' | 'generic' {
  return PLATFORM_OF_HOST[host] ?? 'generic';
}
