import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { avatarSvg, categorySvg, contentKey, listingSvg, renderListingImages } from './art.ts';
import { demoAccounts, demoListings } from './demo-catalogue.ts';

describe('demo art', () => {
  it('draws every picture with shapes only: no text that would need system fonts', () => {
    const svgs = [
      ...demoListings.map((listing, i) => listingSvg(listing.art, i + 1)),
      ...(['apple', 'xiaomi', 'samsung'] as const).map((brand) => categorySvg(brand)),
      ...demoAccounts.map(({ avatar }) => avatarSvg(avatar)),
    ];
    for (const svg of svgs) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<text|<tspan|font-family|NaN|undefined/);
    }
  });

  it('renders the same bytes for the same listing, so content-hash keys are stable', async () => {
    const art = demoListings[0]!.art;
    const [a, b] = await Promise.all([renderListingImages(art, 1), renderListingImages(art, 1)]);
    expect(contentKey(a.large)).toBe(contentKey(b.large));
    expect(contentKey(a.small)).toBe(contentKey(b.small));
    expect(contentKey(a.large)).toMatch(/^([0-9a-f]{2})\/\1[0-9a-f]{62}$/);
    const meta = await sharp(a.small).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
  });
});
