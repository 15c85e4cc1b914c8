/**
 * The headline each Readability test page shows, where it differs from Mozilla's expected title (a person
 * reads the headline, not the title tag). Mozilla's expectation is the page's `og:title` or `<title>`
 * as written, so on these pages it keeps the site's name, an author or a section, or it is the
 * social-media variant of a headline the page's own `<title>` or `twitter:title` gives as the `<h1>`.
 * Judged by reading each page: the `<h1>` over the article (or, with no `<h1>`, the title without the
 * site's name). Every other page's reference is Mozilla's expected title.
 */
export const HEADLINES: Record<string, string> = {
  breitbart: "'Neutral' Snopes Fact-Checker David Emery: 'Are There Any Un-Angry Trump Supporters?'",
  'bug-1255978': "The seven secrets that hotel owners don't want you to know",
  'citylab-1': 'Why Neon Is the Ultimate Symbol of the 20th Century',
  'cnet-svg-classes': 'Twitter Lite se estrena en 11 países de América Latina',
  'dropbox-blog': 'How we designed Dropbox ATF: an async task framework',
  'ebb-org': 'On Recent Controversial Events',
  'ehow-1': 'How to Build a Terrarium',
  'ehow-2': 'How to Throw a Graduation Party on a Budget',
  'firefox-nightly-blog': 'These Weeks in Firefox: Issue 85',
  gmw: '宇航员在太空中喝酒会怎么样？后果很严重',
  'guardian-1': "'What is the sea telling us?': Māori tribes fearful over whale strandings",
  'iab-1': 'Getting LEAN with Digital Ad UX',
  'keep-tabular-data': 'Friday Facts #282 - 0.17 in sight',
  'lwn-1': 'LWN.net Weekly Edition for March 26, 2015',
  'medium-3': 'Samantha and The Great Big Lie',
  mercurial: 'Evolve: Shared Mutable History',
  pixnet: '新竹尖石_美樹營地賞楓 (2)',
  qq: 'DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶',
  'royal-road': 'ONE HUNDRED TWO: What kind of wordchain?',
  theverge: 'Apple’s Vision Pro is the Retina display moment for headsets',
  'v8-blog': 'Outside the web: standalone WebAssembly binaries using Emscripten',
  'videos-1': 'The 21 best movies of 2017',
  wikipedia: 'Mozilla',
  'yahoo-2': 'Russia: Space ship malfunctions, breaks up over Siberia',
  'yahoo-4': 'トレンドマイクロ、公衆無線LANを安全に使うためのアプリ「フリーWi-Fiプロテクション」',
};
