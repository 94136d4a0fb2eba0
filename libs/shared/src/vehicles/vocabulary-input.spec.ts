import type { TransformFnParams } from 'class-transformer';
import { BODY_TYPE_OPTIONS, CONDITION_OPTIONS, FUEL_TYPE_OPTIONS } from './vocabularies';
import { colorFamilyOf, toSearchFilterValue, toVocabularySlug, vocabularySlug } from './vocabulary-input';

const transform = (fn: (p: TransformFnParams) => unknown, value: unknown) => fn({ value } as TransformFnParams);

describe('vocabulary input', () => {
  it.each([
    ['Coupe', 'coupe'],
    ['coupe', 'coupe'],
    ['SUV', 'suv'],
    ['4-Door Sedan', '4-door-sedan'],
    ['4 door sedan', '4-door-sedan'],
    ['  MINIVAN ', 'minivan'],
  ])('reads the body type %j as %j', (input, slug) => {
    expect(vocabularySlug(BODY_TYPE_OPTIONS, input)).toBe(slug);
  });

  it('turns labels into slugs and leaves unknown values for the validators', () => {
    expect(transform(toVocabularySlug(CONDITION_OPTIONS), 'Very Good')).toBe('very-good');
    expect(transform(toVocabularySlug(FUEL_TYPE_OPTIONS), 'plug-in hybrid')).toBe('plug-in-hybrid');
    expect(transform(toVocabularySlug(CONDITION_OPTIONS), 'mint')).toBe('mint');
    expect(transform(toVocabularySlug(CONDITION_OPTIONS), '  ')).toBeUndefined();
  });

  it('maps a search value, label or listing slug onto the filter value', () => {
    const body = toSearchFilterValue('bodyType', BODY_TYPE_OPTIONS);
    expect(transform(body, 'Sedan')).toBe('sedan');
    expect(transform(body, '4-Door Sedan')).toBe('sedan');
    expect(transform(body, 'minivan')).toBe('van');
    expect(transform(body, 'spaceship')).toBe('spaceship');
  });

  it.each([
    ['Nardo Gray', 'gray'],
    ['Chalk', 'white'],
    ['Rosso Corsa', 'red'],
    ['Carrara White Metallic', 'white'],
    ['Obsidian Black Pearl', 'black'],
    ['Silver Blue', 'blue'],
    ['Estoril Blue', 'blue'],
    ['British Racing Green', 'green'],
    ['Giallo Orion', 'other'],
    ['Black', 'black'],
    ['beige', 'beige'],
  ])('files %j under %j', (name, family) => {
    expect(colorFamilyOf(name)).toBe(family);
  });

  it('has no family without a colour', () => {
    expect(colorFamilyOf('')).toBeNull();
    expect(colorFamilyOf(null)).toBeNull();
  });
});
