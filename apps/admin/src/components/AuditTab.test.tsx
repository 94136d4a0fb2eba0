import { describeChanges, fieldLabel } from './AuditTab';

describe('the audit trail in words', () => {
  it('says what a rejection did, with its reason and the note to the seller', () => {
    const lines = describeChanges({
      before: { status: 'pending', rejectionReason: null, rejectionNote: null },
      after: { status: 'rejected', rejectionReason: 'photos', rejectionNote: "Photos don't match" },
    });
    expect(lines).toEqual(['Rejected: Photos are missing, unclear or not of this vehicle — “Photos don\'t match”']);
  });

  it('says an approval in one word', () => {
    expect(describeChanges({ before: { status: 'pending' }, after: { status: 'approved' } })).toEqual(['Approved']);
  });

  it('names fields by their labels and shows prices, mileage and photos as people read them', () => {
    const lines = describeChanges({
      before: { exteriorColor: 'Black', price: 45000, mileage: 24000, images: ['a', 'b'] },
      after: { exteriorColor: 'Nardo Gray', price: 43500, mileage: 24100, images: ['a', 'b', 'c'] },
    });
    expect(lines).toEqual(['Exterior color: Black → Nardo Gray', 'Price: $45,000 → $43,500', 'Mileage: 24,000 mi → 24,100 mi', 'Photos: 2 photos → 3 photos']);
  });

  it('never shows a column name as code', () => {
    expect(fieldLabel('exteriorColor')).toBe('Exterior color');
    expect(fieldLabel('isFeatured')).toBe('Featured');
    expect(fieldLabel('priceReducedFrom')).toBe('Price reduced from');
  });
});
