import { alternativesOf, corrections, keywordWhere, mayMatchKeywords, tokensOf } from './keyword-match';

describe('keyword matching', () => {
  it('splits words as both full-text indexes do', () => {
    expect(tokensOf('f-150 ex-l | 4x4 café')).toEqual(['f', '150', 'ex', 'l', '4x4', 'café']);
  });

  it.each([
    ['porshe', ['porsche']],
    ['mercedez', ['mercedes']],
    ['lamborgini', ['lamborghini']],
    ['corvete', ['corvette']],
    ['chevy', ['chevrolet']],
    ['vette', ['corvette']],
    ['bimmer', ['bmw']],
  ])('reads %s as %s too', (word, expected) => {
    expect(alternativesOf(word)).toEqual(expect.arrayContaining(expected));
  });

  it.each(['porsche', 'porsch', 'civic', 'leather', 'sunroof', 'heated', 'turbo', 'navigation', 'camera', 'garage', 'title'])(
    'leaves %s as it is typed: a catalogue word, the start of one, or no near miss',
    (word) => {
      expect(corrections(word)).toEqual([]);
    },
  );

  it('answers words the index holds with one full-text expression, each word a prefix or one of its alternatives', () => {
    expect(keywordWhere(['porshe', 'turbo'], 'sqlite')).toEqual({
      parts: [{ sql: 'id IN (SELECT rowid FROM vehicles_fts WHERE vehicles_fts MATCH ?)', params: ['("porshe"* OR "porsche"*) AND ("turbo"*)'] }],
      match: '("porshe"* OR "porsche"*) AND ("turbo"*)',
      readsFullText: false,
    });
    expect(keywordWhere(['porshe', 'turbo'], 'mysql')).toEqual({
      parts: [{ sql: 'MATCH (searchText) AGAINST (? IN BOOLEAN MODE)', params: ['+(porshe* porsche*) +(turbo*)'] }],
      match: '+(porshe* porsche*) +(turbo*)',
      readsFullText: true,
    });
  });

  it('checks each row on its own when the query walks another index in order', () => {
    const either = "(searchText LIKE ? ESCAPE '!' OR searchText LIKE ? ESCAPE '!') AND searchText REGEXP ?";
    expect(keywordWhere(['porshe'], 'sqlite', 'perRow').parts).toEqual([{ sql: either, params: ['%porshe%', '%porsche%', '(^|[^\\p{L}\\p{N}])(porshe|porsche)'] }]);
    expect(keywordWhere(['porshe', 'f-150'], 'mysql', 'perRow')).toEqual({
      parts: [
        { sql: either, params: ['%porshe%', '%porsche%', "(^|[^\\p{L}\\p{N}_'])(porshe|porsche)"] },
        { sql: "(searchText LIKE ? ESCAPE '!') AND searchText REGEXP ?", params: ['%150%', "(^|[^\\p{L}\\p{N}_'])(150)"] },
        { sql: "searchText LIKE ? ESCAPE '!'", params: ['%f-150%'] },
      ],
      match: '+(porshe* porsche*) +(150*)',
      readsFullText: false,
    });
  });

  it('narrows a word with punctuation by its pieces and keeps its exact LIKE', () => {
    expect(keywordWhere(['f-150'], 'sqlite').parts).toEqual([
      { sql: 'id IN (SELECT rowid FROM vehicles_fts WHERE vehicles_fts MATCH ?)', params: ['("f"*) AND ("150"*)'] },
      { sql: "searchText LIKE ? ESCAPE '!'", params: ['%f-150%'] },
    ]);
    expect(keywordWhere(['f-150'], 'mysql').parts).toEqual([
      { sql: 'MATCH (searchText) AGAINST (? IN BOOLEAN MODE)', params: ['+(150*)'] },
      { sql: "searchText LIKE ? ESCAPE '!'", params: ['%f-150%'] },
    ]);
  });

  it("matches what InnoDB's index leaves out (short words, stopwords) with LIKE on MariaDB only", () => {
    expect(keywordWhere(['x5', 'the'], 'mysql')).toEqual({
      parts: [
        { sql: "searchText LIKE ? ESCAPE '!'", params: ['%x5%'] },
        { sql: "searchText LIKE ? ESCAPE '!'", params: ['%the%'] },
      ],
    });
    expect(keywordWhere(['vw'], 'mysql').parts).toEqual([{ sql: "(searchText LIKE ? ESCAPE '!' OR searchText LIKE ? ESCAPE '!')", params: ['%vw%', '%volkswagen%'] }]);
    expect(keywordWhere(['x5'], 'sqlite').match).toBe('("x5"*)');
  });

  it('puts nothing into the query without words', () => {
    expect(keywordWhere([], 'sqlite')).toEqual({ parts: [] });
  });

  it('rules out a listing only when its text holds no form of some typed word (mayMatchKeywords)', () => {
    const text = 'porsche 911 carrera 2019 coupe f-150 x5 leather seats';
    expect(mayMatchKeywords(['leath'], text)).toBe(true);
    expect(mayMatchKeywords(['porshe'], text)).toBe(true);
    expect(mayMatchKeywords(['f-150', 'x5'], text)).toBe(true);
    expect(mayMatchKeywords(['leather', 'hybrid'], text)).toBe(false);
    expect(mayMatchKeywords(['f-250'], text)).toBe(false);
    expect(mayMatchKeywords(['--'], text)).toBe(true);
  });
});
