import { describe, expect, it } from 'vitest';
import { listingInLanguage } from '#shared/listings/listing-language';

describe('a listing in the page’s language', () => {
  const product = { _id: 'p1', productname: 'Dhurrie Rug', description: 'Flat-woven cotton.', price: 8900, productnameHi: 'जयपुरी दरी', descriptionHi: null };

  it('gives English pages the item itself', () => {
    expect(listingInLanguage(product, 'en')).toBe(product);
  });

  it('replaces each text that has a Hindi version, and keeps English where there is none', () => {
    const hindi = listingInLanguage(product, 'hi');
    expect(hindi).toEqual({ ...product, productname: 'जयपुरी दरी' });
    expect(product.productname).toBe('Dhurrie Rug');
  });

  it('treats a blank Hindi version as none, and leaves a listing without Hindi untouched', () => {
    const project = { name: 'Powai Crest', nameHi: '   ' };
    expect(listingInLanguage(project, 'hi')).toBe(project);
    const studio = { title: 'Bandra Studio', titleHi: 'बांद्रा स्टूडियो' };
    expect(listingInLanguage(studio, 'hi').title).toBe('बांद्रा स्टूडियो');
  });
});
