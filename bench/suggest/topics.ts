/**
 * Topic folders for `npm run bench:suggest`: articles of ../shared/corpus/summaries/xsum_test_1000.jsonl
 * (BBC news, the XSum test split), by their line number (0-based), filed by hand into eight folders as a
 * person might file them. The rule: the article's one-sentence summary (the BBC's own lead, the
 * `reference` field) was read, and the article was filed where that sentence clearly belongs; articles
 * of lines 0-412 and 488-639 whose lead fits no folder clearly, or two (a court case about a footballer,
 * a politician's fraud trial, an earthquake), were left out. Labelled once, before the suggester was
 * measured; the suggester never sees the labels of the links it is tested on.
 */
export const TOPICS: Record<string, readonly number[]> = {
  Football: [
    5, 8, 13, 14, 25, 32, 41, 56, 60, 73, 74, 75, 94, 100, 101, 102, 110, 113, 116, 117, 151, 157, 169, 188,
    193, 198, 209, 210, 236, 255, 257,
  ],
  'Other sport': [
    3, 21, 22, 24, 26, 34, 44, 53, 62, 68, 72, 77, 96, 120, 136, 159, 168, 173, 185, 191, 196, 199, 212, 214,
    222, 231, 242, 244,
  ],
  'Crime & courts': [
    11, 27, 33, 48, 51, 52, 69, 99, 104, 132, 144, 154, 167, 177, 184, 192, 202, 205, 221, 224,
  ],
  Politics: [
    12, 35, 43, 46, 49, 91, 97, 129, 130, 146, 181, 203, 215, 220, 246, 250, 261, 271, 300, 313, 318, 370,
    378, 392, 400, 412, 503, 528, 549, 565, 586, 607, 617, 631,
  ],
  'Business & economy': [
    30, 50, 81, 84, 92, 112, 124, 126, 127, 134, 152, 158, 186, 227, 288, 299, 304, 334, 348, 367, 388, 488,
    511, 517, 518, 522, 539, 564, 566, 577, 596, 600, 621, 633,
  ],
  'Science & technology': [
    6, 15, 36, 125, 162, 165, 174, 179, 189, 233, 258, 275, 285, 287, 292, 389, 535, 550, 571, 574, 581, 593,
  ],
  Health: [7, 103, 105, 121, 131, 197, 217, 264, 312, 314, 354, 377, 495, 516, 597],
  'Arts & entertainment': [38, 39, 79, 90, 138, 150, 204, 296, 305, 317, 494, 519, 555, 578, 595, 635],
};
