import { describe, expect, it } from 'vitest';
import { FolderClassifier, MIN_FOLDER_LINKS } from './folder-classifier.js';

const terms = (...words: string[]) => new Map(words.map((word) => [word, 2]));
const filed = (folderId: string, count: number, ...words: string[]) =>
  Array.from({ length: count }, () => ({ folderId, terms: terms(...words) }));

describe('FolderClassifier', () => {
  const library = [
    ...filed('cooking', 4, 'bread', 'flour', 'oven', '#baking'),
    ...filed('code', 4, 'rust', 'compiler', 'borrow', '#programming'),
  ];

  it('suggests the folder whose links share the words, sure of it', () => {
    const guess = new FolderClassifier(library).suggest(terms('flour', 'oven', '#baking'));
    expect(guess?.folderId).toBe('cooking');
    expect(guess?.confidence).toBeGreaterThan(0.99);
  });

  it('suggests nothing for a link that shares too little with the library, or as much with each folder', () => {
    const classifier = new FolderClassifier(library);
    expect(classifier.suggest(terms('gardening', 'roses', 'oven'))).toBeNull();
    expect(classifier.suggest(terms('bread', 'oven', 'rust', 'compiler'))).toBeNull();
  });

  it(`learns nothing from a folder of fewer than ${MIN_FOLDER_LINKS} links, and needs two folders to choose`, () => {
    const young = [...library, ...filed('garden', MIN_FOLDER_LINKS - 1, 'roses', 'soil', 'pruning')];
    const classifier = new FolderClassifier(young);
    expect(classifier.candidates).toBe(2);
    expect(classifier.suggest(terms('roses', 'soil', 'pruning'))).toBeNull();
    expect(
      new FolderClassifier(filed('cooking', 5, 'bread', 'oven')).suggest(terms('bread', 'oven')),
    ).toBeNull();
  });

  it('leaves the folder turned down out of the choice', () => {
    const three = [...library, ...filed('garden', 4, 'roses', 'soil', 'pruning', '#garden')];
    const classifier = new FolderClassifier(three);
    expect(classifier.suggest(terms('flour', 'oven', '#baking'), 'cooking')).toBeNull();
    expect(classifier.suggest(terms('roses', 'soil', 'bread'), 'garden')?.folderId).toBe('cooking');
  });
});
